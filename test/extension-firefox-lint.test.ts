// The browser extension checked for Firefox by Mozilla's own linter
// (`web-ext lint`, the checks addons.mozilla.org runs on an upload), on
// the built extension: no errors, and no warnings but the one that one
// source for both browsers brings (Firefox ignores `background.service_worker`
// and runs `background.scripts`, which the manifest names too).
import { expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Finding {
  code: string;
  message: string;
  file?: string;
}

test('web-ext lint finds no errors in the built extension, and no warnings but the service_worker one', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'robotsmatch-extension-')), 'unpacked');
  execFileSync(process.execPath, [join(root, 'scripts/build-extension.mjs'), dir]);
  const webExt = join(root, 'node_modules/web-ext/bin/web-ext.js');
  let out: string;
  try {
    out = execFileSync(process.execPath, [webExt, 'lint', '--source-dir', dir, '--output', 'json', '--no-input'], {
      encoding: 'utf8',
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
    });
  } catch (error) {
    out = String((error as { stdout?: string }).stdout ?? ''); // exits 1 on errors, with the report on stdout
  }
  const report = JSON.parse(out) as { errors: Finding[]; warnings: Finding[] };
  expect(report.errors).toEqual([]);
  expect(report.warnings.map((w) => w.code)).toEqual(['BACKGROUND_SERVICE_WORKER_IGNORED']);
}, 120_000);
