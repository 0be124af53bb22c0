// A test file's own temporary folder: real files for the command line to
// read, removed after the file's tests.
import { afterAll } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A new folder (robotsmatch-`name`-…) and `file(name, content)`, which writes into it and returns the path. */
export function scratchDir(name: string): {
  dir: string;
  file: (name: string, content: string | Uint8Array) => string;
} {
  const dir = mkdtempSync(join(tmpdir(), `robotsmatch-${name}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (fileName: string, content: string | Uint8Array) => {
    const path = join(dir, fileName);
    writeFileSync(path, content);
    return path;
  };
  return { dir, file };
}
