// The service worker's robots.txt knowledge: one RobotsCache (the
// library's), so each origin's file is fetched once and kept by RFC 9309's
// rules (status codes, redirects, 500 KiB, Cache-Control lifetime, the last
// good copy while the server errors). Everything else is read from its
// answers: verdicts through the core, usage signals, lint.

import { RobotsCache, type Robots } from 'robotsmatch';
import { crawlers, type CrawlerEntry } from 'robotsmatch/crawlers';
import { usage } from 'robotsmatch/usage';
import { lint } from 'robotsmatch/lint';
import { ruleText } from '../../site/src/verdict-text.js';
import type { CrawlerVerdict, RobotsReport, UsageStatement } from './report.js';
import { CRAWLER_GROUPS, groupOf } from './crawler-groups.js';

const decoder = new TextDecoder();
/** Origins held: robots.txt files of sites visited in one browser session. */
const MAX_ORIGINS = 500;
/** Reports kept for pages opened again. */
const MAX_REPORTS = 20;

export class RobotsService {
  // userAgent '': the browser's own header, so the site answers the extension as it answers the browser.
  // credentials 'omit': the site's cookies never go with the request, whatever the browser's defaults.
  readonly #cache = new RobotsCache({
    userAgent: '',
    timeoutMs: 20_000,
    maxEntries: MAX_ORIGINS,
    fetch: (url, init) => fetch(url, { ...init, credentials: 'omit' }),
  });
  /**
   * Each origin's last good text. While a robots.txt is unreachable the
   * cache answers from its last good copy, whose text its answer no longer
   * carries; this keeps it, for the popup to show the line that decided.
   */
  readonly #goodText = new Map<string, string>();
  /** The latest reports, by page URL, with the fetch they read. */
  readonly #reports = new Map<string, { key: string; report: RobotsReport }>();
  /** The latest lint counts and the fetch they are for. */
  #linted: { key: string; counts: RobotsReport['lint'] } | undefined;

  /**
   * The verdicts of `entries` for `url`, fetching its robots.txt first if
   * the cache holds none; `unreachable` when the file could not be read and
   * no good copy is held (every URL is then disallowed by no line).
   */
  async verdicts(
    url: string,
    entries: readonly CrawlerEntry[],
  ): Promise<{ verdicts: CrawlerVerdict[]; unreachable: boolean }> {
    const { outcome, stale } = await this.#fetched(url, () => {});
    return { verdicts: await this.#check(url, entries), unreachable: outcome === 'unreachable' && !stale };
  }

  /** The verdicts from the cache's answer for `url` (fetched already), as RobotsCache.check() gives them. */
  #check(url: string, entries: readonly CrawlerEntry[]): Promise<CrawlerVerdict[]> {
    return Promise.all(
      entries.map(async (entry) => {
        const verdict = await this.#cache.check(url, entry);
        return {
          name: entry.name,
          tokens: entry.tokens,
          fetchesPages: entry.sentInRequests,
          group: groupOf(entry),
          allowed: verdict.allowed,
          line: verdict.line,
          rule: verdict.rule ? ruleText(verdict.rule) : null,
        };
      }),
    );
  }

  /**
   * Everything the popup shows about `url`'s robots.txt. The last few are
   * kept while the file they read is the one the cache holds: the popup is
   * opened again and again on one page.
   */
  async report(url: string): Promise<RobotsReport> {
    let usageStatements: UsageStatement[] = [];
    let key = '';
    let kept: RobotsReport | undefined;
    const fetched = await this.#fetched(url, (robots, answer) => {
      key = `${answer.fetchedAt} ${answer.stale} ${answer.url}`;
      kept = this.#reports.get(url)?.key === key ? this.#reports.get(url)!.report : undefined;
      if (!kept) usageStatements = usageOf(robots, url);
    });
    if (kept) return kept;
    const report = await this.#report(url, fetched, usageStatements);
    this.#reports.delete(url);
    this.#reports.set(url, { key, report });
    if (this.#reports.size > MAX_REPORTS) this.#reports.delete(this.#reports.keys().next().value!);
    return report;
  }

  async #report(
    url: string,
    fetched: Awaited<ReturnType<RobotsCache['get']>>,
    usageStatements: UsageStatement[],
  ): Promise<RobotsReport> {
    const verdicts = await this.#check(url, crawlers);
    const { outcome, stale } = fetched;
    const text =
      outcome === 'ok'
        ? decoder.decode(fetched.body)
        : stale
          ? (this.#goodText.get(fetched.url) ?? null)
          : outcome === 'unavailable'
            ? ''
            : null;
    const lintCount = text === null ? { count: 0, errors: 0, file: false } : this.#lintOnce(fetched, text);
    const error = fetched.error as { message?: unknown } | undefined;
    return {
      url,
      robotsUrl: fetched.url,
      outcome,
      status: fetched.status,
      stale,
      redirects: fetched.redirects,
      finalUrl: fetched.finalUrl,
      contentType: fetched.contentType,
      fetchedAt: fetched.fetchedAt,
      expires: fetched.expires,
      error: error === undefined ? undefined : String(error.message ?? error),
      text,
      groups: CRAWLER_GROUPS.map(({ id, title }) => ({ id, title })),
      verdicts,
      usage: usageStatements,
      lint: lintCount,
    };
  }

  /** The lint counts of a fetch's file, worked out once per fetch (the popup opens often on one site). */
  #lintOnce(fetched: { url: string; fetchedAt: number; status?: number; contentType?: string }, text: string | null) {
    const key = `${fetched.fetchedAt} ${text === null ? '' : text.length} ${fetched.url}`;
    if (this.#linted?.key !== key) {
      const findings = lint(text ?? '', {
        source: { url: fetched.url, status: fetched.status, contentType: fetched.contentType ?? null },
      });
      const counts = { count: findings.length, errors: findings.filter((d) => d.severity === 'error').length };
      this.#linted = { key, counts };
    }
    return this.#linted.counts;
  }

  /** The cache's answer for `url`'s origin (its robots copy handed to `read`, then freed), keeping good texts. */
  async #fetched(
    url: string,
    read: (robots: Robots, fetched: { fetchedAt: number; stale: boolean; url: string }) => void,
  ) {
    const fetched = await this.#cache.get(url);
    try {
      read(fetched.robots, fetched);
    } finally {
      fetched.robots.dispose();
    }
    if (fetched.outcome === 'ok') {
      this.#goodText.delete(fetched.url);
      this.#goodText.set(fetched.url, decoder.decode(fetched.body));
      if (this.#goodText.size > MAX_ORIGINS) this.#goodText.delete(this.#goodText.keys().next().value!);
    }
    return fetched;
  }
}

/** The usage signals each registry crawler reads for `url`, one statement per distinct set. */
function usageOf(robots: Robots, url: string): UsageStatement[] {
  const statements = new Map<string, UsageStatement>();
  for (const entry of crawlers) {
    const { contentSignal, contentUsage } = usage(robots, url, entry);
    if (!contentSignal && !contentUsage) continue;
    const key = JSON.stringify([contentSignal, contentUsage]);
    const statement = statements.get(key) ?? { contentSignal, contentUsage, crawlers: [] };
    statement.crawlers.push(entry.name);
    statements.set(key, statement);
  }
  return [...statements.values()];
}
