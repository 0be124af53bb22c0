// robotsmatch diff OLD NEW: what a robots.txt change does, for review and
// CI. Without --urls: for each crawler the files name (or --agent), the
// rules it gains, loses or no longer follows, and the paths whose verdict
// changes. With --urls: every URL of the list whose verdict changes, with
// the deciding line on each side, streaming (matchLines on both files).

import { diff, githubAnnotation, UrlDiff, type RobotsDiff } from '../lint.js';
import { fetchRobots, isPlainToken, type Verdict } from '../index.js';
import { UsageError } from './errors.js';
import { standInBody } from '../fetch/outcome.js';
import { readRobotsFile, outcomeSentence, robotsUrlOf } from './robots-source.js';
import { openInput } from './input.js';
import { lineChunks } from './line-chunks.js';
import { JsonArrayWriter } from './json-stream.js';
import { outDrained, stdoutClosed } from './output.js';
import { FETCH_FLAGS, FETCH_FLAGS_HELP, isUrl, maxBytesOf, parseFlags, timeoutOf } from './options.js';

export const DIFF_HELP = `Usage: robotsmatch diff <OLD> <NEW> [options]

What changes from one robots.txt to another (files or URLs; - is standard
input). Without --urls: for each crawler the files name, and \`*\` for the
rest, the rules it gains, loses or no longer follows and the paths whose
verdict changes, in words. With --urls: every URL of the list whose verdict
changes for each agent, with the line that decides it in each file.

Options:
  --urls FILE        a list of URLs, one a line (plain or gzip; - for standard input)
  -a, --agent TOKEN  a crawler to compare (repeatable); with --urls the default is
                     Googlebot, Bingbot and * (crawlers with no group of their own)
  --format FORMAT    text (default), github (annotations on NEW) or json
  -j, --json         the same as --format json
  --fail-on-block    exit 1 when the change newly disallows something
  --max-bytes N      read at most N bytes of each file (default 512000)
${FETCH_FLAGS_HELP}  -h, --help         show this help
`;

const DEFAULT_URL_AGENTS = ['Googlebot', 'Bingbot', '*'];

/** A robots.txt as crawlers read it, from a file, - or a URL (what a failed fetch means, for a URL). */
export async function load(
  spec: string,
  maxBytes: number,
  o: { userAgent?: string | undefined; timeoutMs: number },
  stdinUsed: { used: boolean },
): Promise<{ label: string; body: Uint8Array }> {
  if (spec === '-') {
    if (stdinUsed.used) throw new UsageError('only one of OLD, NEW and --urls can be standard input');
    stdinUsed.used = true;
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return { label: 'stdin', body: Buffer.concat(chunks) };
  }
  if (isUrl(spec)) {
    const fetched = await fetchRobots(robotsUrlOf(spec), {
      exactUrl: true,
      maxBytes,
      timeoutMs: o.timeoutMs,
      ...(o.userAgent ? { userAgent: o.userAgent } : {}),
    }).catch((error: Error) => {
      throw new UsageError(`cannot fetch a robots.txt for ${spec}: ${error.message}`);
    });
    fetched.robots.dispose();
    // What crawlers use: the body, nothing (4xx: allow all) or a disallow-all (5xx, unreachable).
    if (fetched.outcome === 'unreachable') {
      process.stderr.write(`robotsmatch: ${fetched.url}: ${outcomeSentence(fetched, o.timeoutMs)}\n`);
      return { label: fetched.url, body: new TextEncoder().encode(standInBody('unreachable')) };
    }
    if (fetched.outcome === 'unavailable')
      process.stderr.write(`robotsmatch: ${fetched.url}: ${outcomeSentence(fetched, o.timeoutMs)}\n`);
    return { label: fetched.url, body: fetched.body };
  }
  return { label: spec, body: await readRobotsFile(spec, maxBytes) };
}

const quote = (text: string) => `\`${text}\``;
function side(v: Verdict): string {
  return v.rule
    ? `line ${v.line} ${quote(`${v.rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${v.rule.pattern}`)}`
    : 'no rule matches';
}
const word = (v: Verdict) => (v.allowed ? 'allowed' : 'disallowed');

export async function diffCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags('diff', argv, {
    urls: { type: 'string' },
    agent: { type: 'string', short: 'a', multiple: true },
    format: { type: 'string', default: 'text' },
    json: { type: 'boolean', short: 'j', default: false },
    'fail-on-block': { type: 'boolean', default: false },
    'max-bytes': { type: 'string' },
    ...FETCH_FLAGS,
  });
  if (values.help) {
    process.stdout.write(DIFF_HELP);
    return 0;
  }
  if (positionals.length !== 2)
    throw new UsageError(`diff takes OLD and NEW, got ${positionals.length} (see robotsmatch diff --help)`);
  if (values.json && values.format !== 'text' && values.format !== 'json')
    throw new UsageError(`give --json or --format ${values.format}, not both`);
  const format = values.json ? 'json' : values.format!;
  if (!['text', 'github', 'json'].includes(format))
    throw new UsageError(`--format must be text, github or json, got ${JSON.stringify(format)}`);
  for (const a of values.agent ?? []) {
    if (a !== '*' && !isPlainToken(a))
      throw new UsageError(`--agent ${JSON.stringify(a)} is not a product token (letters, - and _) or *`);
  }
  const maxBytes = maxBytesOf(values['max-bytes'], (line) => process.stderr.write(line)) ?? 512_000;
  const fetchOptions = { userAgent: values['user-agent'], timeoutMs: timeoutOf(values.timeout) };
  const stdin = { used: values.urls === '-' };
  const before = await load(positionals[0]!, maxBytes, fetchOptions, stdin);
  const after = await load(positionals[1]!, maxBytes, fetchOptions, stdin);
  const write = (s: string) => process.stdout.write(s);

  if (values.urls !== undefined) {
    const agents = values.agent ?? DEFAULT_URL_AGENTS;
    const differ = new UrlDiff(before.body, after.body, agents, { maxBytes });
    const input = await openInput(values.urls);
    let blocked = 0;
    let changed = 0;
    // Each change is written as it is found, at the pace the reader takes it: memory stays that of one chunk of URLs.
    const json =
      format === 'json' ? new JsonArrayWriter({ old: before.label, new: after.label, agents }, 'changes') : undefined;
    try {
      for await (const piece of pieces(lineChunks(input.chunks))) {
        // Nobody reads any more: the rest of the list is left unread, and the count on stderr says so.
        if (stdoutClosed()) break;
        let text = '';
        for (const c of differ.compare(piece)) {
          changed++;
          if (c.before.allowed && !c.after.allowed) blocked++;
          if (json) text += json.item(c);
          else if (format === 'github') {
            text += githubAnnotation(
              c.before.allowed && !c.after.allowed ? 'warning' : 'notice',
              after.label,
              c.after.line || undefined,
              `robots.txt change for ${c.agent}`,
              `${c.agent} ${c.url}: ${word(c.before)} -> ${word(c.after)} (old: ${side(c.before)}; new: ${side(c.after)})`,
            );
          } else
            text += `${c.agent}\t${word(c.before)} -> ${word(c.after)}\t${c.url}\told: ${side(c.before)}; new: ${side(c.after)}\n`;
        }
        if (text) await outDrained(text);
      }
    } finally {
      differ.dispose();
    }
    if (json) await outDrained(json.end());
    process.stderr.write(
      `${changed.toLocaleString('en-US')} verdict${changed === 1 ? '' : 's'} changed (${blocked.toLocaleString('en-US')} newly disallowed) for ${agents.join(', ')}${stdoutClosed() ? ' before the output was closed' : ''}\n`,
    );
    return values['fail-on-block'] && blocked > 0 ? 1 : 0;
  }

  const result: RobotsDiff = diff(before.body, after.body, {
    maxBytes,
    ...(values.agent ? { agents: values.agent } : {}),
  });
  if (format === 'json') write(`${JSON.stringify({ old: before.label, new: after.label, ...result }, null, 2)}\n`);
  else if (format === 'github') {
    for (const a of result.agents) {
      const blocks = a.changes.some((c) => c.before.allowed && !c.after.allowed);
      const line = a.added[0]?.line ?? a.changes.find((c) => c.after.line)?.after.line;
      write(
        githubAnnotation(
          blocks ? 'warning' : 'notice',
          after.label,
          line,
          `robots.txt change for ${a.agent}`,
          a.summary.join('\n'),
        ),
      );
    }
    if (result.sitemaps.added.length || result.sitemaps.removed.length)
      write(githubAnnotation('notice', after.label, undefined, 'robots.txt sitemaps', sitemapText(result).trim()));
  } else {
    write(`--- ${before.label}\n+++ ${after.label}\n`);
    if (result.agents.length === 0 && !result.sitemaps.added.length && !result.sitemaps.removed.length)
      write("No crawler's rules change.\n");
    for (const a of result.agents) {
      write(`\n${a.agent === '*' ? '* (crawlers with no group of their own)' : a.agent}:\n`);
      for (const s of a.summary) write(`  ${s}\n`);
    }
    write(sitemapText(result));
  }
  return values['fail-on-block'] && result.newlyDisallowed ? 1 : 0;
}

/**
 * Lines to compare at a time: each changed URL becomes an object and a line
 * of output, so a megabyte chunk where every URL changes (100,000 changes,
 * its JSON about 60 MB) is cut into pieces of about 64 KB, each written
 * before the next is compared.
 */
const PIECE = 64 << 10;

async function* pieces(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    let start = 0;
    while (chunk.length - start > PIECE) {
      const cut = chunk.indexOf(0x0a, start + PIECE);
      if (cut < 0) break;
      yield chunk.subarray(start, cut + 1);
      start = cut + 1;
    }
    if (start < chunk.length) yield chunk.subarray(start);
  }
}

function sitemapText(r: RobotsDiff): string {
  let out = '';
  if (r.sitemaps.added.length) out += `\nSitemaps added: ${r.sitemaps.added.join(', ')}\n`;
  if (r.sitemaps.removed.length) out += `${out ? '' : '\n'}Sitemaps removed: ${r.sitemaps.removed.join(', ')}\n`;
  return out;
}
