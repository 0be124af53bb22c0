// usage() works out the Content-Signal values of a set of applying groups
// once per Robots, not on every call: a file with thousands of
// Content-Signal lines cost a parse of every line per URL (8,000 lines:
// about 40 ms a call). Counted here through the one function that reads a
// Content-Signal line, not timed.
import { describe, expect, test, vi } from 'vitest';

const reads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/rules/content-signal.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/rules/content-signal.js')>();
  return {
    ...original,
    parseContentSignal: (text: string) => {
      reads.count++;
      return original.parseContentSignal(text);
    },
  };
});

const { parse } = await import('../src/index.js');
const { usage, purpose } = await import('../src/usage.js');

const FILE = [
  'User-agent: *',
  'Content-Signal: search=yes, ai-train=no',
  'Content-Signal: ai-input=no',
  'Disallow: /private',
  '',
  'User-agent: GPTBot',
  'Content-Signal: search=no',
  'Disallow: /gpt',
  '',
  'User-agent: CCBot',
  'Disallow: /cc',
  '',
].join('\n');

describe('usage(): Content-Signal values worked out once per set of groups', () => {
  test('1,000 calls for three crawlers read each Content-Signal line of their groups once', () => {
    const robots = parse(FILE);
    reads.count = 0;
    for (let i = 0; i < 1000; i++) {
      expect(usage(robots, `/a${i}`, 'Anybot').contentSignal).toEqual({
        values: { search: 'yes', 'ai-train': 'no', 'ai-input': 'no' },
        lines: [2, 3],
      });
      expect(usage(robots, `/a${i}`, 'GPTBot').contentSignal).toEqual({ values: { search: 'no' }, lines: [7] });
      expect(usage(robots, `/a${i}`, 'CCBot').contentSignal).toBeNull();
    }
    expect(reads.count).toBe(3); // lines 2 and 3 for the * group, line 7 for GPTBot's; CCBot's group has none
    // A matcher and a purpose share them.
    const matcher = robots.forAgent('Anybot');
    expect(usage(matcher, '/b').contentSignal?.lines).toEqual([2, 3]);
    expect(
      new TextDecoder().decode(
        matcher.filterLines('/b\n/private\n', 'allowed', { purpose: purpose('train-ai') }).output,
      ),
    ).toBe('');
    expect(reads.count).toBe(3);
    robots.dispose();
  });

  test('what a caller gets is its own: changing it changes nothing for the next call', () => {
    const robots = parse(FILE);
    const first = usage(robots, '/a', 'Anybot').contentSignal!;
    first.values.search = 'no';
    first.lines.push(99);
    expect(usage(robots, '/a', 'Anybot').contentSignal).toEqual({
      values: { search: 'yes', 'ai-train': 'no', 'ai-input': 'no' },
      lines: [2, 3],
    });
    robots.dispose();
  });

  test('a new parse of the same text reads its lines again (the values live with each Robots)', () => {
    const a = parse(FILE);
    const b = parse(FILE);
    reads.count = 0;
    usage(a, '/x', 'Anybot');
    usage(b, '/x', 'Anybot');
    expect(reads.count).toBe(4);
    a.dispose();
    b.dispose();
  });
});
