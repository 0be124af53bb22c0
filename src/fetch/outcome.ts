// What a robots.txt fetch comes to, hop by hop (RFC 9309 2.3.1): one
// function for the live fetch (fetch-robots.ts) and the archive join
// (src/archive/), both reading data/fetch-outcomes.json, the one statement
// of these rules that the Python package reads too.

import rules from '../../data/fetch-outcomes.json' with { type: 'json' };

/** What a response's status says to do: parse its body, follow its Location, or stop with a fixed answer. */
export type StatusOutcome = 'ok' | 'redirect' | 'unavailable' | 'unreachable';

/** What the fetch came to once every hop is followed. */
export type FinalOutcome = 'ok' | 'unavailable' | 'unreachable';

/** The outcome of an HTTP status, by the ranges of fetch-outcomes.json (the first range holding it). */
export function statusOutcome(status: number | undefined): StatusOutcome {
  if (status === undefined) return rules.noResponse as StatusOutcome;
  for (const range of rules.statusRanges) {
    if (status >= range.from && status <= range.to) return range.outcome as StatusOutcome;
  }
  return rules.otherStatus as StatusOutcome;
}

/** One hop's answer: the final outcome, or the URL to request next. */
export type Hop = { outcome: FinalOutcome; next?: undefined } | { outcome: 'redirect'; next: string };

/**
 * One response of a chain: `redirects` is how many were followed before it.
 * A redirect is followed to an http(s) Location (relative to `url`) while
 * fewer than maxRedirects (five, even across hosts) were; a redirect without one, or one too many
 * (a loop included), is no robots.txt.
 */
export function hop(
  status: number | undefined,
  location: string | null | undefined,
  url: string,
  redirects: number,
): Hop {
  const outcome = statusOutcome(status);
  if (outcome !== 'redirect') return { outcome };
  const next = location == null ? undefined : httpUrl(location, url);
  if (next === undefined) return { outcome: rules.redirectWithoutUsableLocation as FinalOutcome };
  if (redirects >= rules.maxRedirects) return { outcome: rules.tooManyRedirects as FinalOutcome };
  return { outcome: 'redirect', next };
}

/**
 * The archive's own outcomes: a redirect to a URL the archive holds no
 * capture of, and an origin it holds none for. (Functions, not constants:
 * a top-level read would keep the rules in every bundle that parses.)
 */
export const outOfArchive = () => rules.redirectOutOfArchive as 'unknown';
export const notInArchive = () => rules.notInArchive as 'unknown';

/** The rules a crawler acts on for an outcome with no body to parse: an empty file (unavailable), a disallow-all (unreachable). */
export const standInBody = (outcome: 'unavailable' | 'unreachable'): string => rules.standInBodies[outcome];

/**
 * Where a redirect leads, if it can be followed: http and https only. Any
 * other scheme (ftp: included, which fetch cannot speak) means no robots.txt.
 */
function httpUrl(location: string, base: string): string | undefined {
  try {
    const next = new URL(location, base);
    return next.protocol === 'http:' || next.protocol === 'https:' ? next.href : undefined;
  } catch {
    return undefined;
  }
}
