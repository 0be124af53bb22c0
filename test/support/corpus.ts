// The benchmark corpus (bench/corpus, in the repository).
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CORPUS_DIR = fileURLToPath(new URL('../../bench/corpus/', import.meta.url));

export function corpusFiles(): { name: string; body: Uint8Array }[] {
  return readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((name) => ({ name, body: new Uint8Array(readFileSync(CORPUS_DIR + name)) }));
}

/** The deterministic URL list the benchmarks use. */
export function corpusUrls(count: number, host = 'example.com'): string[] {
  const out = execFileSync('node', [`${CORPUS_DIR}make-urls.mjs`, String(count), host], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  return out.split('\n').filter((u) => u !== '');
}
