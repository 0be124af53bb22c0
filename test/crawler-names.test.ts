// A crawler's name close to a registry crawler's and none itself is a typo,
// in a policy's `crawlers` and in a file's User-agent lines alike; a name
// far from every registry name is a crawler of its own.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generate, PolicyError, type Policy } from '../src/generate.js';
import { lint } from '../src/lint.js';
import { meantCrawler } from '../src/lint/misspelt-name.js';
import { AI_ROBOTS_TXT_NAMES } from './fixtures/ai-robots-txt.js';

const MEANT: [string, string][] = [
  ['GTPBot', 'GPTBot'], // two letters swapped
  ['GPT-Bot', 'GPTBot'], // a hyphen added
  ['Claude-Bot', 'ClaudeBot'],
  ['ClaudBot', 'ClaudeBot'], // a letter dropped
  ['ChatGPTBot', 'ChatGPT-User'], // vendor words: ChatGPT + Bot
  ['PerplexityAI', 'PerplexityBot'],
  ['CommonCrawl', 'CCBot'], // the operator's name
  ['CCBots', 'CCBot'],
  ['Baidu', 'Baiduspider'],
  ['Duckduckgo', 'DuckDuckBot'],
];

describe('the name meant', () => {
  test.each(MEANT)('%s means %s', (written, meant) => expect(meantCrawler(written)).toBe(meant));

  test('registry names and tokens, in any case, and products of a known token are no typo', () => {
    for (const n of [
      'GPTBot',
      'gptbot',
      'bingbot',
      'BingPreview',
      'YandexAdditionalBot',
      'SemrushBot-SA',
      'MJ',
      'archive',
    ])
      expect(meantCrawler(n)).toBeUndefined();
  });

  test("no name on ai.robots.txt's list is called a misspelling", () => {
    expect([...AI_ROBOTS_TXT_NAMES].filter((n) => meantCrawler(n) !== undefined)).toEqual([]);
  });
});

describe('generate refuses a crawlers key that is a typo', () => {
  test.each(MEANT)('crawlers.%s is refused naming %s', (written, meant) => {
    const policy: Policy = { crawlers: { [written]: 'block' } };
    expect(() => generate(policy)).toThrow(PolicyError);
    expect(() => generate(policy)).toThrow(`did you mean "${meant}"?`);
  });

  test('`custom` lists a crawler of its own: generated, with a row of its own', () => {
    const r = generate({ crawlers: { PerplexityAI: 'block' }, custom: ['PerplexityAI'] });
    expect(r.text).toContain('User-agent: PerplexityAI\nDisallow: /');
    expect(r.matrix.rows.some((row) => row.crawler === 'PerplexityAI')).toBe(true);
  });

  test('a custom name far from every registry name needs no marker', () => {
    expect(generate({ crawlers: { AcmeIndexer: 'block' } }).text).toContain('User-agent: AcmeIndexer');
  });

  test('`custom` naming no crawlers key, or a registry crawler, is refused', () => {
    expect(() => generate({ custom: ['GTPBot'] })).toThrow(/custom: "GTPBot" is not a key of `crawlers`/);
    expect(() => generate({ crawlers: { GPTBot: 'block' }, custom: ['GPTBot'] })).toThrow(/is a registry crawler/);
  });
});

describe('lint: misspelt-crawler', () => {
  const misspelt = (body: string) =>
    lint(body)
      .filter((d) => d.code === 'misspelt-crawler')
      .map((d) => `${d.line} ${d.message.match(/did you mean `([^`]+)`/)?.[1]}`);

  test('GTPBot, Claude-Bot, ChatGPTBot, GPT-Bot, PerplexityAI and CommonCrawl are each caught', () => {
    const body =
      'User-agent: GTPBot\nUser-agent: Claude-Bot\nUser-agent: ChatGPTBot\nUser-agent: GPT-Bot\nUser-agent: PerplexityAI\nUser-agent: CommonCrawl\nDisallow: /\n';
    expect(misspelt(body)).toEqual([
      '1 GPTBot',
      '2 ClaudeBot',
      '3 ChatGPT-User',
      '4 GPTBot',
      '5 PerplexityBot',
      '6 CCBot',
    ]);
  });

  test('a bad-bot list of 150 custom bots (DogBot, ShopBot, Foobot, iAskBot, AppleNewsBot) gets none', () => {
    const file = readFileSync(fileURLToPath(new URL('./fixtures/lint/custom-bots.txt', import.meta.url)), 'utf8');
    expect(misspelt(file)).toEqual([]);
  });

  test("ai.robots.txt's list as a file gets none", () => {
    const body = `${[...AI_ROBOTS_TXT_NAMES].map((n) => `User-agent: ${n}`).join('\n')}\nDisallow: /\n`;
    expect(misspelt(body)).toEqual([]);
  });
});
