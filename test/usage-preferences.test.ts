// The AIPREF preference reader against structured-headers, a maintained
// RFC 9651 implementation: on random expressions built from the syntax's
// own characters, both accept or both reject, and where both accept, every
// label's preference is what the parsed Dictionary says (token y, token n,
// anything else unknown).
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { parseDictionary, Token } from 'structured-headers';
import { parsePreferences } from '../src/rules/preferences.js';

function reference(text: string): Record<string, string> | null {
  let dict: ReturnType<typeof parseDictionary>;
  try {
    dict = parseDictionary(text);
  } catch {
    return null;
  }
  const out: Record<string, string> = {};
  for (const [key, [value]] of dict) {
    out[key] = value instanceof Token && (String(value) === 'y' || String(value) === 'n') ? String(value) : 'unknown';
  }
  return out;
}

describe('AIPREF preferences: RFC 9651 Dictionary, differentially', () => {
  const pieces = fc.constantFrom(
    'train-ai',
    'search',
    'ai-use',
    'y',
    'n',
    'yes',
    '=',
    ',',
    ', ',
    ' ',
    '\t',
    ';',
    '"n"',
    '"a\\"b"',
    '?1',
    '?0',
    '?2',
    '1',
    '-2',
    '1.5',
    '1.2345',
    '(y n)',
    '(',
    ')',
    ':YWJj:',
    '@1700000000',
    '%"a%c3%a9"',
    '%"x%C3"',
    '*',
    'Train-AI',
    '_x',
    'a.b',
    'é',
    '\\',
    '1234567890123456',
    '-.5',
    '.5',
    '-',
    ':YQ:',
    ':YQ=:',
    ':YQ==:',
    ':Y:',
    ':YR==:',
    ':YW=J:',
    '=:',
    '%"%ff"',
    '%"%c3"',
    '%"\t"',
    '%"%e2%82%ac"',
    '%"%ed%a0%80"',
  );
  const expression = fc.array(pieces, { maxLength: 10 }).map((parts) => parts.join(''));

  // structured-headers 2.1.0 reads a Date (@1700000000) only at the very
  // end of the input: anything after it (", search=n", a parameter, a
  // space) is a parse error there, though RFC 9651 allows it (section 4.2).
  // Those expressions are left out here; a fixed case below holds our reading.
  const dateThenMore = /@-?\d*[^\d]/;

  test('random expressions: the same acceptance and the same preferences', () => {
    fc.assert(
      fc.property(expression, (text) => {
        fc.pre(!dateThenMore.test(text));
        const ours = parsePreferences(text);
        const theirs = reference(text);
        expect(ours.error === undefined, `${JSON.stringify(text)}: ${ours.error}`).toBe(theirs !== null);
        if (theirs) expect({ ...ours.preferences }).toEqual(theirs);
      }),
      { numRuns: 20_000, seed: 9651 },
    );
  });

  test.each([
    ['train-ai=y, search=n', { 'train-ai': 'y', search: 'n' }],
    ['train-ai=y, train-ai, search=n, search="n"', { 'train-ai': 'unknown', search: 'unknown' }],
    ['train-ai;allow=n, train-ai=y', { 'train-ai': 'y' }],
    ['train-ai;has;parameters="?";', null],
    ['train-ai;has;parameters="?"', { 'train-ai': 'unknown' }],
    ['Train-ai=n', null],
    ['train-ai=N', { 'train-ai': 'unknown' }],
    ['   train-ai=n   ', { 'train-ai': 'n' }],
    ['', {}],
    // RFC 9651 bare items that must fail (each was accepted once): a number
    // starts with a digit after its sign; base64 pads only the last group
    // of four, and length 1 mod 4 decodes to nothing; a Display String holds
    // no tab and its escapes are UTF-8.
    ['train-ai=-.5', null],
    ['train-ai=y;q=-.5', null],
    ['train-ai=:YQ=:', null],
    ['train-ai=:Y:', null],
    ['train-ai=:YW=J:', null],
    ['train-ai=:=:', null],
    ['train-ai=%"\t"', null],
    ['train-ai=%"%ff"', null],
    ['train-ai=%"%c3"', null],
    ['train-ai=%"%ed%a0%80"', null],
    // ... and their valid neighbours.
    ['train-ai=-0.5, search=n', { 'train-ai': 'unknown', search: 'n' }],
    ['train-ai=:YQ:, search=n', { 'train-ai': 'unknown', search: 'n' }],
    ['train-ai=:YQ==:, search=n', { 'train-ai': 'unknown', search: 'n' }],
    ['train-ai=:YR==:, search=n', { 'train-ai': 'unknown', search: 'n' }],
    ['train-ai=%"%e2%82%ac", search=n', { 'train-ai': 'unknown', search: 'n' }],
  ])('%j', (text, expected) => {
    const ours = parsePreferences(text);
    expect(ours.error === undefined ? { ...ours.preferences } : null).toEqual(expected);
    expect(reference(text)).toEqual(expected);
  });

  test('a Date followed by more members is a Dictionary (RFC 9651), which the reference library cannot read', () => {
    expect({ ...parsePreferences('train-ai=@1700000000, search=n').preferences }).toEqual({
      'train-ai': 'unknown',
      search: 'n',
    });
    expect(parsePreferences('train-ai=@1700000000, search=n').error).toBeUndefined();
    expect(reference('train-ai=@1700000000, search=n')).toBeNull(); // when this fails, the library is fixed: drop dateThenMore
  });

  test('a failed parse says why in words', () => {
    expect(parsePreferences('Train-ai=n').error).toMatch(/lower case.*"Train-ai".*"train-ai"/);
    expect(parsePreferences('train-ai=n,').error).toMatch(/ends with a comma/);
    expect(parsePreferences('train-ai=é').error).toMatch(/non-ASCII/);
  });

  test('16 KB and 1 MB expressions parse in linear time and never throw', () => {
    for (const size of [16_000, 1_000_000]) {
      expect(parsePreferences(`${'train-ai=n, '.repeat(size / 12)}x`).error).toBeUndefined();
      expect(parsePreferences('"'.repeat(size)).error).toBeDefined();
      expect(parsePreferences('a=('.repeat(size / 3)).error).toBeDefined();
    }
  });
});
