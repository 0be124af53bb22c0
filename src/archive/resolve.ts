// The outcome of one origin in an archive: its robots.txt capture and the
// redirects from it, hop by hop with the same function the live fetch uses
// (src/fetch/outcome.ts, data/fetch-outcomes.json). The archive only adds
// what a live fetch cannot meet: an origin with no capture, and a redirect
// to a URL with none (both `unknown`: nobody knows what the server said).

import { hop, notInArchive, outOfArchive } from '../fetch/outcome.js';
import { NO_ANSWER, statusReason } from '../fetch/reason.js';
import { captureKey, type StoredCapture } from './capture.js';

/** ok: parse the body; unavailable: everything allowed; unreachable: everything disallowed; unknown: not in the archive. */
export type ArchiveOutcome = 'ok' | 'unavailable' | 'unreachable' | 'unknown';

/** A row's outcome: its origin's, or `invalid` for a JSON Lines row with no URL string (no origin to ask about). */
export type RowOutcome = ArchiveOutcome | 'invalid';

export interface Resolution {
  outcome: ArchiveOutcome;
  /** The capture whose body is parsed (outcome ok). */
  capture: StoredCapture | undefined;
  /** The URL that answered last (after redirects), or the one missing from the archive. */
  finalUrl: string;
  redirects: number;
  /** Outcome unreachable: why, in the live fetch's words (fetch/reason.ts) or the capture's own (a body that cannot be read whole). */
  reason?: string;
}

export function resolveOrigin(robotsUrl: string, lookup: (key: string) => StoredCapture | undefined): Resolution {
  let url = robotsUrl;
  let capture = lookup(url);
  if (!capture) return { outcome: notInArchive(), capture: undefined, finalUrl: url, redirects: 0 };
  for (let redirects = 0; ; redirects++) {
    const next = hop(capture.status, capture.location, url, redirects);
    if (next.outcome === 'unreachable') {
      const reason = capture.status === undefined ? (capture.error ?? NO_ANSWER) : statusReason(capture.status);
      return { outcome: 'unreachable', capture: undefined, finalUrl: url, redirects, reason };
    }
    if (next.outcome !== 'redirect') {
      return { outcome: next.outcome, capture: next.outcome === 'ok' ? capture : undefined, finalUrl: url, redirects };
    }
    url = captureKey(next.next) ?? next.next;
    capture = lookup(url);
    if (!capture) return { outcome: outOfArchive(), capture: undefined, finalUrl: url, redirects: redirects + 1 };
  }
}
