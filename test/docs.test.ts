// The README and docs stand alone: every link points at a file in the
// repository (which a user of the package can open), none outside it.
import { describe, expect, test } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const documents = ['README.md', 'CHANGELOG.md', 'bench/corpus/README.md', 'examples/crawlee/README.md', 'examples/mv3-extension/README.md', 'examples/cloudflare-worker/README.md',
  ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
  ...readdirSync(join(root, 'docs/lint')).filter((f) => f.endsWith('.md')).map((f) => `docs/lint/${f}`)];

describe('documentation links', () => {
  test.each(documents)('%s links only to files in the repository', (document) => {
    const text = readFileSync(join(root, document), 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      expect(target, `${document}: ${target}`).not.toMatch(/^[a-z]+:/i);
      const file = join(dirname(join(root, document)), target!.split('#')[0]!);
      expect(relative(root, file).startsWith('..'), `${document}: ${target} leaves the repository`).toBe(false);
      expect(existsSync(file), `${document}: ${target} does not exist`).toBe(true);
    }
  });
});
