// The time of a first answer: parse `body` afresh (untimed), time one
// check() of `url` for `agent`, free it. What the growth tests compare other
// answers against (see growth.ts: a ratio, never a bound on a time).
import { parse } from '../../src/index.js';
import { timed } from './growth.js';

export function firstAnswerMs(body: string, url: string, agent: string): number {
  const fresh = parse(body, { maxBytes: 1 << 20 });
  try {
    return timed(() => fresh.check(url, agent));
  } finally {
    fresh.dispose();
  }
}
