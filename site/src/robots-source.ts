// Getting a robots.txt into a text box: from a file the user opens, or
// fetched from a site. Fetching goes through the library's fetchRobots(),
// so status codes, redirects and the size limit mean what they mean to a
// crawler; a browser can only read another site's file where that site
// allows it (CORS), and the message says so when it does not.

import { fetchRobots } from 'robotsmatch';
import rules from '../../data/fetch-outcomes.json' with { type: 'json' };
import type { LintSource } from 'robotsmatch/lint';
import { counted } from './count.js';

export interface FetchedText {
  /** The body as text, for the editor; undefined when there is none to show. */
  text?: string;
  /** What happened, in a sentence or two. */
  message: string;
  /** Where the file came from, for the linter's checks of status and Content-Type. */
  source?: LintSource;
  /**
   * True when `text` is not the server's body but what its answer stands
   * for (RFC 9309): an empty file for a 4xx (no robots.txt, allow all), a
   * disallow-all for a 5xx or 429. The page tests that, as crawlers act on it.
   */
  standIn?: boolean;
}

/**
 * The text each fetch outcome stands for. The outcome itself is fetchRobots()'s
 * (data/fetch-outcomes.json), not decided here; these are the rules it then
 * parses for that outcome, so the page's matrix and lint read what crawlers act on.
 */
const STAND_IN: Record<'unavailable' | 'unreachable', string> = rules.standInBodies;

const decoder = new TextDecoder();

/** A bare host (example.com) is taken as https. */
function absolute(address: string): string {
  const trimmed = address.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * Fetches the robots.txt a user asked for: a site's (any URL whose path is
 * `/`) or, for any other path, that file itself (a staging copy, a raw file
 * on a code host).
 */
export async function fetchRobotsText(address: string): Promise<FetchedText> {
  let url: URL;
  try {
    url = new URL(absolute(address));
  } catch {
    return {
      message: `${address} is not a URL: type a site such as https://example.com, or the address of a robots.txt.`,
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { message: `${url.href} is not an http or https URL.` };
  const exactUrl = url.pathname !== '/' || url.search !== '';
  const fetched = await fetchRobots(url.href, { exactUrl, timeoutMs: 20_000 });
  fetched.robots.dispose(); // the page parses the text itself, in both modes
  const where = fetched.url;
  const status = fetched.status;
  if (fetched.outcome === 'ok') {
    const text = decoder.decode(fetched.body);
    const type = fetched.contentType ? `, ${fetched.contentType}` : '';
    const moved = fetched.finalUrl !== where ? ` (redirected to ${fetched.finalUrl})` : '';
    return {
      text,
      message: `Fetched ${where}${moved}: ${status}${type}, ${counted(fetched.body.length, 'byte')}.`,
      source: { url: where, status, contentType: fetched.contentType ?? null },
    };
  }
  const source = { url: where, status, contentType: fetched.contentType ?? null };
  const undo = 'Undo (Ctrl+Z) brings back the text it replaced.';
  if (fetched.outcome === 'unavailable') {
    return {
      text: STAND_IN.unavailable,
      source,
      standIn: true,
      message: `${where} answered ${status ?? 'with too many redirects'}: crawlers take that as no robots.txt and may fetch everything. The text box now holds an empty file, which crawlers read the same way. ${undo}`,
    };
  }
  if (status !== undefined) {
    return {
      text: STAND_IN.unreachable,
      source,
      standIn: true,
      message: `${where} answered ${status}: crawlers take that as "everything is disallowed for now" and try again later. The text box now holds the rules they act on meanwhile, a disallow-all. ${undo}`,
    };
  }
  return {
    message: `This page could not read ${where}: the site does not let other sites' pages read it (CORS), or it cannot be reached. Open it in a new tab, copy the text and paste it here.`,
  };
}

/** The text of a file the user opened. */
export async function readTextFile(file: File): Promise<string> {
  return decoder.decode(await file.arrayBuffer());
}
