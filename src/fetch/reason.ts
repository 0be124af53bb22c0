// Why a robots.txt fetch was unreachable, in the words the live fetch
// (robotsmatch fetch) and the archive join (`"reason"` in --json rows)
// share: an HTTP status a crawler takes as the server failing, or no
// answer at all.

/** An unreachable status (429, 5xx, or one no range names) in words. */
export function statusReason(status: number): string {
  return status === 429 ? `HTTP ${status} (too many requests)` : `HTTP ${status} (a server error)`;
}

/** A fetch that got no response and says nothing more. */
export const NO_ANSWER = 'no answer';
