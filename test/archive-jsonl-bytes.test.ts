// JSON Lines archives holding bytes that are not UTF-8 (test/vectors/jsonl-bytes.json,
// which the Python package asserts too): each record is read, its body with one
// U+FFFD per maximal invalid sequence, never refused.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { readJsonl } from '../src/archive/read-jsonl.js';

const vectors = JSON.parse(readFileSync(new URL('./vectors/jsonl-bytes.json', import.meta.url), 'utf8')) as {
  cases: { name: string; line_base64: string; body: string }[];
};

async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

describe('JSON Lines bytes that are not UTF-8', () => {
  for (const c of vectors.cases) {
    test(c.name, async () => {
      const line = Buffer.from(c.line_base64, 'base64');
      const read = [];
      for await (const [capture] of readJsonl(once(Buffer.concat([line, Buffer.from('\n')])), 'vectors')) {
        read.push(capture);
      }
      expect(read).toHaveLength(1);
      expect(read[0]?.body).toBe(c.body);
    });
  }
});
