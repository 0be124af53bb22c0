// What the service worker tells the popup about a page: how its site's
// robots.txt fetch went, the text crawlers act on, each registry crawler's
// verdict with its deciding line, the usage signals, and the lint count.
// Plain data: it crosses from the worker to the popup as a message.

import type { FetchOutcome } from 'robotsmatch';
import type { ContentSignal, ContentUsage } from 'robotsmatch/usage';

export interface CrawlerVerdict {
  /** The registry name. */
  name: string;
  /** Its robots.txt product tokens, in fallback order (meta tags and X-Robots-Tag name crawlers by them). */
  tokens: readonly string[];
  /** It fetches pages; false for a robots.txt-only token (Google-Extended), which reads no page's meta tags or headers. */
  fetchesPages: boolean;
  /** The id of its group (search, ads, ai-training, ai-search, archive). */
  group: string;
  allowed: boolean;
  /** The deciding line (1-based); 0 when no line decided. */
  line: number;
  /** The deciding rule as written (`Disallow: /private/`); null when no rule decided. */
  rule: string | null;
}

/** One set of usage signals and the crawlers whose groups state it. */
export interface UsageStatement {
  contentSignal: ContentSignal | null;
  contentUsage: ContentUsage | null;
  crawlers: string[];
}

export interface RobotsReport {
  url: string;
  robotsUrl: string;
  outcome: FetchOutcome;
  /** HTTP status of the last response; undefined when none came. */
  status: number | undefined;
  /** The verdicts come from the last good copy: the latest fetch was unreachable. */
  stale: boolean;
  redirects: number;
  finalUrl: string;
  contentType: string | undefined;
  fetchedAt: number;
  /** When the cache will fetch the file again (ms since the epoch): the report holds until then. */
  expires: number;
  /** Why the fetch was unreachable (a network error or timeout), as a sentence. */
  error: string | undefined;
  /**
   * The file the verdicts come from: the body as received (the last good
   * copy when stale); '' for no robots.txt; null when it is unreachable and
   * no good copy is held (every URL is then disallowed by no line).
   */
  text: string | null;
  /** The registry's groups, in order: the popup shows the chosen ones. */
  groups: { id: string; title: string }[];
  /** Every registry crawler's verdict, in registry order. */
  verdicts: CrawlerVerdict[];
  usage: UsageStatement[];
  /** Findings in the file; `file: false` when the fetch gave no file to lint (unreachable, no earlier copy). */
  lint: { count: number; errors: number; file?: boolean };
}

/** The popup's question to the worker. */
export interface ReportRequest {
  kind: 'robots-report';
  url: string;
}

export const isReportRequest = (message: unknown): message is ReportRequest =>
  typeof message === 'object' &&
  message !== null &&
  (message as ReportRequest).kind === 'robots-report' &&
  typeof (message as ReportRequest).url === 'string';

/**
 * The worker's answer: the report; `noAccess` when the user has not let the
 * extension read the site; or a sentence saying why there is none.
 */
export type ReportAnswer = { report: RobotsReport } | { noAccess: true } | { problem: string };
