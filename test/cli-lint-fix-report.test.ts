// What `robotsmatch lint --fix` says it changed, as a user runs it: a UTF-8
// byte order mark the rewrite drops is reported in the summary and in
// --format json, and nothing is said when the file had none.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { robotsmatch } from './support/cli.js';
import { scratchDir } from './support/files.js';

// Line 2 lacks its colon: a safe fix.
const FIXABLE = 'User-agent: *\nDisallow /private/\n';
const BOM = '\uFEFF';
const { file } = scratchDir('lint-fix-report');

describe('lint --fix reports a removed byte order mark', () => {
  test('text: the summary says the mark went, and the file no longer starts with it', async () => {
    const path = file('bom.txt', BOM + FIXABLE);
    const r = await robotsmatch(['lint', path, '--fix']);
    expect(readFileSync(path, 'utf8')).toBe('User-agent: *\nDisallow: /private/\n');
    expect(r.stderr).toBe(
      `${path}: 0 errors, 0 warnings, 0 notes; fixed 1 line; removed the byte order mark at the start (crawlers read the file the same without it)\n`,
    );
  });

  test('json: bomRemoved is true beside fixed', async () => {
    const path = file('bom-json.txt', BOM + FIXABLE);
    const r = await robotsmatch(['lint', path, '--fix', '--format', 'json']);
    expect(JSON.parse(r.stdout).files[0]).toMatchObject({ fixed: 1, bomRemoved: true });
  });

  test('standard input: the fixed file goes to stdout, the summary to stderr says so', async () => {
    const r = await robotsmatch(['lint', '-', '--fix'], BOM + FIXABLE);
    expect(r.stdout).toBe('User-agent: *\nDisallow: /private/\n');
    expect(r.stderr).toContain('removed the byte order mark');
  });

  test('a file without the mark: nothing is said about one', async () => {
    const path = file('plain.txt', FIXABLE);
    const r = await robotsmatch(['lint', path, '--fix', '--format', 'json']);
    expect(JSON.parse(r.stdout).files[0].bomRemoved).toBeUndefined();
    const text = await robotsmatch(['lint', file('plain-text.txt', FIXABLE), '--fix']);
    expect(text.stderr).not.toContain('byte order mark');
  });
});
