// AgentMatcher.filterLines: the core writes the kept lines (or every line
// with its verdict); it must say exactly what matchLines says, line by line.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { parse } from '../src/index.js';
import { corpusFiles, corpusUrls } from './support/corpus.js';
import { url as anyUrl } from './support/generated.js';

const dec = new TextDecoder();

/** What filterLines must write, built from matchLines' verdicts. */
function model(text: string, verdicts: Uint8Array, keep: 'allowed' | 'disallowed' | 'labelled' | 'verdicts') {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  let out = '';
  let urls = 0;
  let allowed = 0;
  lines.forEach((raw, i) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const ok = verdicts[i] === 1;
    if (line !== '') {
      urls++;
      if (ok) allowed++;
    }
    const label = ok ? 'allowed' : 'disallowed';
    if (keep === 'labelled') out += `${label}\t${line}\n`;
    else if (keep === 'verdicts') out += `${label}\n`;
    else if (line !== '' && ok === (keep === 'allowed')) out += `${line}\n`;
  });
  return { output: out, lines: lines.length, urls, allowed };
}

describe('filterLines', () => {
  test('the corpus URL list against every corpus file, each way of keeping, text and bytes, across chunks', () => {
    const text = `${corpusUrls(30_000).join('\n')}\n`; // about 2 MB: more than one core call
    const bytes = new TextEncoder().encode(text);
    for (const { name, body } of corpusFiles()) {
      const matcher = parse(body).forAgent('Googlebot');
      const verdicts = matcher.matchLines(bytes);
      for (const keep of ['allowed', 'disallowed', 'labelled', 'verdicts'] as const) {
        const want = model(text, verdicts, keep);
        const got = matcher.filterLines(bytes, keep);
        expect({ ...got, output: dec.decode(got.output) }, `${name} ${keep}`).toEqual(want);
        if (keep === 'labelled') expect(dec.decode(matcher.filterLines(text, keep).output)).toBe(want.output);
      }
    }
  });

  test('generated URLs with blank lines, CRLF and no final line break, in both modes', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            anyUrl.filter((u) => !u.includes('\n') && !u.includes('\r')),
            fc.constant(''),
          ),
          { maxLength: 20 },
        ),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.constantFrom('google' as const, 'rfc' as const),
        (lines, eol, finalBreak, mode) => {
          const text = lines.join(eol) + (finalBreak && lines.length ? eol : '');
          const robots = parse('User-agent: *\nDisallow: /a\nAllow: /a/b$\nDisallow: /*x\n', { mode });
          const matcher = robots.forAgent('bot');
          const verdicts = matcher.matchLines(text);
          for (const keep of ['allowed', 'disallowed', 'labelled', 'verdicts'] as const) {
            const got = matcher.filterLines(text, keep);
            expect({ ...got, output: dec.decode(got.output) }).toEqual(model(text, verdicts, keep));
          }
          robots.dispose();
        },
      ),
      { numRuns: 500 },
    );
  });

  test('bad arguments', () => {
    const m = parse('User-agent: *\nDisallow: /a\n').forAgent('x');
    expect(() => m.filterLines('x', 'some' as never)).toThrow(RangeError);
    expect(() => m.filterLines('x', 'toString' as never)).toThrow(RangeError);
    expect(() => m.filterLines(42 as never)).toThrow(TypeError);
  });
});
