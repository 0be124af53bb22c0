// The examples install robotsmatch from the clone (file:../..): their lockfiles
// record its dependencies, and `npm install` in an example rewrites a lockfile
// that has drifted from the package (a new user's clean checkout then shows a
// change they did not make). Refresh with `npm install --package-lock-only` in
// the example.
import { describe, expect, test } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const own = read('package.json');
const examples = ['examples/cloudflare-worker', 'examples/crawlee'].filter((e) =>
  existsSync(join(root, e, 'package-lock.json')),
);

describe('example lockfiles', () => {
  test.each(examples)("%s/package-lock.json records the package's own dependencies", (example) => {
    const linked = read(`${example}/package-lock.json`).packages['../..'];
    expect(linked.dependencies ?? {}).toEqual(own.dependencies ?? {});
    expect(linked.devDependencies ?? {}).toEqual(own.devDependencies ?? {});
  });
});
