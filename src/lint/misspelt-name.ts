// Is a crawler's name, as written in a robots.txt or a policy, a misspelling
// of a registry crawler's? Crawlers match their own token exactly (in any
// case), so `GTPBot` or `Claude-Bot` blocks nobody. Shared by lint's
// `misspelt-crawler` and generate's refusal of a `crawlers` key.
//
// What counts as meant, most certain first:
// - the same letters once `-`, `_`, `.` and spaces are dropped (`GPT-Bot`,
//   `Claude-Bot`), or with a plural `s` dropped (`CCBots`);
// - an operator's name (`CommonCrawl`, `OpenAI`): its crawler;
// - the same name once vendor words (`Bot`, `AI`, `Crawler`, `Spider`,
//   `User`, `Agent`) are taken off the end (`PerplexityAI`, `ChatGPTBot`),
//   when three or more letters are left;
// - that name with two letters swapped (`GTPBot`), or one letter dropped or
//   added at its end when five or more are left (`ClaudBot`);
// - the first letters of a registry token, five or more (`Baidu`);
// - two edits away, keeping the first four letters, for names of six letters
//   or more (`Duckduckgo`).
// A name that starts with a known token and goes on after `-` or `_`
// (`SemrushBot-SA`, `Googlebot-Foo`) is a product of its own, never a typo;
// so is anything further from every registry name than the above (`Foobot`
// is not `YouBot`, `DogBot` not `DotBot`, `ShopBot` not `ShapBot`).

import { crawlerRegistry } from '../crawlers/registry.js';
import { ALL_TOKENS, isReading } from './crawlers.js';
import { closest } from '../common/closest.js';

const squash = (s: string) => s.toLowerCase().replace(/[-_.\s]/g, '');
const VENDOR_WORD = /(bot|bots|ai|crawler|spider|user|agent|robot)$/;

/** The name without vendor words at its end: `perplexity` of `PerplexityBot` and `Perplexity-User`. */
function core(squashed: string): string {
  let out = squashed;
  for (let next = out.replace(VENDOR_WORD, ''); next !== out && next.length >= 3; next = out.replace(VENDOR_WORD, ''))
    out = next;
  return out;
}

/**
 * Real crawlers' names that are close to a registry crawler's and are not
 * in the registry, lower-cased: ai.robots.txt's list names them
 * (github.com/ai-robots-txt/ai.robots.txt), so files copy them, and each is
 * a crawler of its own, not a typo.
 */
const ELSEWHERE: ReadonlySet<string> = /* @__PURE__ */ new Set(['iaskbot', 'shap-user', 'openai', 'chatgpt agent']);
/** The registry's names and the names its crawlers send (`YandexAdditionalBot`), lower-cased. */
const REGISTRY_NAMES: ReadonlySet<string> = /* @__PURE__ */ new Set(
  crawlerRegistry.flatMap((c) => [c.name, ...c.tokens, ...c.userAgentTokens].map((n) => n.toLowerCase())),
);

/** Known names (as written), by squashed form and by core. */
const BY_SQUASHED = /* @__PURE__ */ (() => {
  const out = new Map<string, string>();
  for (const name of ALL_TOKENS.values()) if (!out.has(squash(name))) out.set(squash(name), name);
  return out;
})();
const BY_CORE = /* @__PURE__ */ (() => {
  const out = new Map<string, string>();
  for (const name of ALL_TOKENS.values()) {
    const c = core(squash(name));
    if (c.length >= 3 && !out.has(c)) out.set(c, name);
  }
  return out;
})();
/** An operator's squashed name -> its first crawler whose name is a product token (`commoncrawl` -> CCBot). */
const BY_OPERATOR = /* @__PURE__ */ (() => {
  const out = new Map<string, string>();
  for (const c of crawlerRegistry) {
    const op = squash(c.operator.replace(/\(.*\)/, ''));
    if (op.length < 5 || op === 'unknown' || out.has(op) || !/^[A-Za-z_-]+$/.test(c.name)) continue;
    out.set(op, c.name);
  }
  return out;
})();

/** One transposition of adjacent letters apart (`gtp` and `gpt`). */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let i = 0;
  while (a[i] === b[i]) i++;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/**
 * The registry crawler a name not in the registry was probably meant to be,
 * or undefined when it is known (a registry name or token, Google's reading
 * of one, a retired name) or not close to any.
 */
export function meantCrawler(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (ALL_TOKENS.has(lower) || isReading(lower) || REGISTRY_NAMES.has(lower) || ELSEWHERE.has(lower)) return undefined;
  // A known token's own product (`SemrushBot-SA`): a name of its own.
  for (const t of ALL_TOKENS.keys()) if (lower.startsWith(t) && /[-_]/.test(lower[t.length] ?? '')) return undefined;
  const s = squash(name);
  if (s.length < 3) return undefined;
  const exact = BY_SQUASHED.get(s) ?? (s.endsWith('s') ? BY_SQUASHED.get(s.slice(0, -1)) : undefined);
  if (exact) return exact;
  const operator = BY_OPERATOR.get(s);
  if (operator) return operator;
  const c = core(s);
  if (c.length >= 3) {
    const same = BY_CORE.get(c);
    if (same) return same;
    for (const [known, meant] of BY_CORE) {
      if (swapped(c, known)) return meant;
      const [short, long] = c.length < known.length ? [c, known] : [known, c];
      if (short.length >= 5 && long.length === short.length + 1 && long.startsWith(short)) return meant;
    }
  }
  if (lower.length < 5) return undefined;
  // A cut of a known token (`Baidu` for `Baiduspider`): the shortest such.
  let meant: string | undefined;
  for (const t of ALL_TOKENS.keys()) if (t.startsWith(lower) && (!meant || t.length < meant.length)) meant = t;
  // A typo (`Duckduckgo`) keeps the name's first four letters: `Zealbot` is not `PetalBot`.
  meant ??=
    lower.length >= 6 && !/[-_]/.test(lower)
      ? closest(
          lower,
          [...ALL_TOKENS.keys()].filter((t) => t.slice(0, 4) === lower.slice(0, 4)),
        )
      : undefined;
  return meant === undefined ? undefined : ALL_TOKENS.get(meant);
}
