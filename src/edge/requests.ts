// Requests in, responses out: what the enforcer reads of a request (its URL,
// User-Agent and method, as fetch-style handlers and Node's adapter give
// them) and the 403 it answers with.

import { pathOf } from '../index.js';
import type { Decision, EdgeRequest, PlainRequest, RequestLike } from './options.js';

/** Whether a URL (or path) is the site's /robots.txt (no query): RFC 9309 2.2.2 allows it always. */
export function isRobotsTxt(url: string): boolean {
  if (!url.endsWith('/robots.txt')) return false;
  const at = url.length - 11;
  if (at === 0) return true;
  const scheme = url.indexOf('://');
  return scheme >= 0 && url.indexOf('/', scheme + 3) === at;
}

/** The 403 that 'block' answers with: plain text naming the rule. */
export function blockedResponse(decision: Decision): Response {
  const who = decision.crawler?.name ?? (decision.userAgent || 'this client');
  const rule = decision.rule
    ? ` (line ${decision.line}: ${decision.rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${decision.rule.pattern})`
    : '';
  return new Response(`Forbidden: this site's robots.txt disallows ${pathOf(decision.url)} for ${who}${rule}.\n`, {
    status: 403,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** The request's URL (a TypeError for anything but a Request or { url }). */
export function urlOf(request: EdgeRequest): string {
  if (typeof request !== 'object' || request === null)
    throw new TypeError(
      `request must be a Request or { url, userAgent }, got ${request === null ? 'null' : typeof request}`,
    );
  const url = request.url;
  if (typeof url !== 'string')
    throw new TypeError(`request.url must be a string, got ${url === null ? 'null' : typeof url}`);
  return url;
}

/** The request's User-Agent header, '' when it sent none. */
export function userAgentOf(request: EdgeRequest): string {
  const headers = (request as RequestLike).headers;
  const userAgent =
    headers !== undefined && typeof headers.get === 'function'
      ? headers.get('user-agent')
      : (request as PlainRequest).userAgent;
  if (typeof userAgent === 'string') return userAgent;
  if (userAgent == null) return '';
  throw new TypeError(`request.userAgent must be a string, null or undefined, got ${typeof userAgent}`);
}

export function methodOf(request: EdgeRequest): string {
  const method = (request as { method?: unknown }).method;
  return typeof method === 'string' ? method : 'GET';
}
