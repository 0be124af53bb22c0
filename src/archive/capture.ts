// One robots.txt capture as every archive format yields it: the URL asked
// for, the response's status (none: the host did not answer), its Location,
// its body and when it was fetched. A JSON Lines archive's records are these
// fields as JSON (test/vectors/archive-outcomes.json shows them).

import { ArchiveError } from './errors.js';
import { FETCHED_AT_GRAMMAR, fetchedAtMs } from './fetched-at.js';

export interface Capture {
  /** The URL that was requested (usually https://host/robots.txt; a redirect's target may be any path). */
  url: string;
  /** The HTTP status; null or undefined when no response came (a timeout, a DNS or connection failure). */
  status: number | null | undefined;
  /** A redirect's Location header, as sent (relative ones are resolved against `url`). */
  location?: string | null | undefined;
  /** The body: bytes, or text (UTF-8). Only a 2xx body is ever read. */
  body?: Uint8Array | string | undefined;
  contentType?: string | null | undefined;
  /** When it was fetched: a Date, milliseconds since the epoch, or a string (RFC 3339, or an HTTP date: fetched-at.ts). Of two captures of one URL, the later wins. */
  fetchedAt?: Date | number | string | null | undefined;
  /** With no status: why no response came (or could be read), in words; `"reason"` of the origin's --json rows. */
  error?: string | undefined;
}

/** What is kept of a capture (its body stays in the archive: RobotsArchive.body reads it). */
export interface StoredCapture {
  status: number | undefined;
  location: string | undefined;
  /** Its number in the archive, for RobotsArchive.body. */
  index: number;
  /** ms since the epoch, NaN when unknown. */
  fetchedAt: number;
  /** With no status: why no response came (Capture.error), if said. */
  error: string | undefined;
}

/** The key a capture is stored and looked up under: the URL as WHATWG reads it, without its fragment; undefined for a URL that is not http(s). */
export function captureKey(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  parsed.hash = '';
  return parsed.href;
}

/** Milliseconds since the epoch, or NaN when not given; a value fetched-at.ts does not read is an ArchiveError saying what is. */
export function timeOf(value: Capture['fetchedAt'], where: string): number {
  if (value === undefined || value === null) return NaN;
  const ms = fetchedAtMs(value);
  if (ms === undefined)
    throw new ArchiveError(
      where,
      `fetched_at ${value instanceof Date ? String(value) : JSON.stringify(value)} is not a date: ${FETCHED_AT_GRAMMAR}`,
    );
  return ms;
}

/**
 * A JSON Lines record as a Capture: {"url", "status" (a number, or null for
 * no response), "location", "content_type", "body" or "body_base64",
 * "fetched_at"}. A record that is not one is an ArchiveError naming its line.
 */
export function captureFromRecord(record: unknown, where: string): Capture {
  if (typeof record !== 'object' || record === null || Array.isArray(record))
    throw new ArchiveError(where, 'a record must be a JSON object');
  const r = record as Record<string, unknown>;
  if (typeof r.url !== 'string') throw new ArchiveError(where, 'a record needs "url", a string');
  const status = r.status;
  if (
    !(
      status === undefined ||
      status === null ||
      (typeof status === 'number' && Number.isInteger(status) && status >= 0 && status <= 999)
    )
  ) {
    throw new ArchiveError(
      where,
      `"status" must be an HTTP status (a whole number) or null, got ${JSON.stringify(status)}`,
    );
  }
  for (const key of ['location', 'content_type', 'body', 'body_base64'] as const) {
    if (r[key] !== undefined && r[key] !== null && typeof r[key] !== 'string')
      throw new ArchiveError(where, `"${key}" must be a string`);
  }
  if (r.body !== undefined && r.body !== null && r.body_base64 !== undefined && r.body_base64 !== null)
    throw new ArchiveError(where, 'give "body" or "body_base64", not both');
  let body: Uint8Array | string | undefined = (r.body as string | null | undefined) ?? undefined;
  if (typeof r.body_base64 === 'string') {
    if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(r.body_base64))
      throw new ArchiveError(where, '"body_base64" is not base64');
    body = Buffer.from(r.body_base64, 'base64');
  }
  const fetchedAt = r.fetched_at as Capture['fetchedAt'];
  timeOf(fetchedAt, where); // a value of another JSON type (true, an object) is refused there too, with the same sentence
  return {
    url: r.url,
    status: status as number | null | undefined,
    location: r.location as string | undefined,
    body,
    contentType: r.content_type as string | undefined,
    fetchedAt,
  };
}
