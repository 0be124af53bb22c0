// Flags shared by the subcommands, checked once, with one clear error each.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { availableParallelism } from 'node:os';
import { isPlainToken, productToken, type Agent, type Mode } from '../index.js';
import { purpose } from '../usage.js';
import { crawler } from '../crawlers.js';
import { UsageError } from './errors.js';
import { MAX_INPUT_BYTES } from '../common/limits.js';
import { closest } from '../common/closest.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** What parseFlags gives back for these options. */
/** The flags' values, and the tokens in command-line order (where the order of different flags matters, as --agent and --crawler in archive mode). */
export type ParsedFlags<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; allowPositionals: true; strict: true; tokens: true; options: O }>
>;

/** The flags that read a robots.txt from FILE|URL|- (-r) and cut it (--max-bytes). */
export const ROBOTS_FLAGS = {
  robots: { type: 'string', short: 'r' },
  'max-bytes': { type: 'string' },
} as const satisfies Options;

/** Flags every subcommand that may fetch a robots.txt takes (and --help). */
export const FETCH_FLAGS = {
  'user-agent': { type: 'string', short: 'A' },
  timeout: { type: 'string', default: '30000' },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies Options;

/** FETCH_FLAGS in a subcommand's help (but --help, which ends every list). */
export const FETCH_FLAGS_HELP = `  -A, --user-agent UA
                     the User-Agent header when fetching
                     (default: robotsmatch/VERSION (+https://www.npmjs.com/package/robotsmatch))
  --timeout MS       give up fetching after MS milliseconds (default 30000)
`;

/** Flags every subcommand that matches URLs takes. */
export const MATCH_FLAGS = {
  agent: { type: 'string', multiple: true, short: 'a' },
  crawler: { type: 'string', short: 'c' },
  mode: { type: 'string', default: 'google', short: 'm' },
  json: { type: 'boolean', default: false, short: 'j' },
  ...FETCH_FLAGS,
} as const satisfies Options;

/**
 * Runs a subcommand's node:util parseArgs call (strict, positionals allowed),
 * turning its errors into one-line usage errors in the user's terms.
 */
function parseCommand<R>(name: string, parse: () => R, known: readonly string[]): R {
  try {
    return parse();
  } catch (error) {
    throw new UsageError(
      `${name}: ${parseErrorSentence(error as Error & { code?: string }, known)} (see robotsmatch ${name} --help)`,
    );
  }
}

/** node:util parseArgs' error as one plain sentence. */
function parseErrorSentence(error: Error & { code?: string }, known: readonly string[]): string {
  const message = error.message;
  // "Option '-r, --robots <value>' ...": the long name.
  const option = /'(?:-\w, )?(--?[\w-]+)/.exec(message)?.[1] ?? '';
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const meant = option.startsWith('--') ? closest(option.slice(2), known) : undefined;
    return `there is no option ${option}${meant ? `; did you mean --${meant}?` : ''}`;
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (message.includes('does not take an argument')) return `${option} takes no value`;
    if (message.includes('ambiguous'))
      return `${option} needs a value; to give one that starts with "-", write ${option}=VALUE`;
    return `${option} needs a value`;
  }
  return message.split('\n')[0]!;
}

/**
 * A subcommand's flags, parsed strictly with positionals allowed. A flag
 * that takes a value followed by a negative number (`--max-bytes -1`) is
 * given that number, which its own check then rejects in plain words.
 */
export function parseFlags<O extends Options>(name: string, argv: string[], options: O): ParsedFlags<O> {
  const args = [...argv];
  for (let i = 0; i + 1 < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break;
    const long = arg.startsWith('--')
      ? arg.slice(2)
      : Object.keys(options).find((k) => arg.length === 2 && options[k]!.short === arg[1]);
    if (long !== undefined && options[long]?.type === 'string' && /^-\d/.test(args[i + 1]!)) {
      args.splice(i, 2, `--${long}=${args[i + 1]}`);
    }
  }
  return parseCommand(
    name,
    () => parseArgs({ args, allowPositionals: true, strict: true, tokens: true, options }),
    Object.keys(options),
  );
}

export function modeOf(value: string | undefined): Mode {
  if (value !== 'google' && value !== 'rfc')
    throw new UsageError(`--mode must be google or rfc, got ${JSON.stringify(value)}`);
  return value;
}

/**
 * One --agent value, matched as the library matches it: a value that is
 * not a product token (`AI2Bot`, `Googlebot/2.1`, a full User-Agent header)
 * names no group, so it gets the `*` rules, as check() and Google's parser
 * give it (a product token is [A-Za-z_-]+: see the README's Agents). Said on stderr, with the product token that would name
 * a group. The command line once matched the token instead, which gave
 * another verdict than the library for the same string.
 */
function tokenOf(agent: string, warn: (line: string) => void): string {
  // '' names no group but an empty User-agent line's, as in the library: said as `*` when it is the default.
  if (agent === '' || agent === '*' || isPlainToken(agent)) return agent || '*';
  warn(`robotsmatch: ${notATokenText(agent, '--agent ')}\n`);
  return agent;
}

/** "--agent "AI2Bot" is not a product token (...)": what explain() says too, in its message. */
function notATokenText(agent: string, prefix = ''): string {
  const token = productToken(agent);
  const hint = token && token !== agent ? `; its product token is ${JSON.stringify(token)} (--agent ${token})` : '';
  return `${prefix}${JSON.stringify(agent)} is not a product token (letters, - and _ only), so no group can name it and only the * rules apply, as the library's check() and Google's parser read it${hint}`;
}

/**
 * Who is asking, from --agent (repeatable: several tokens are a union, as
 * the library's array) or --crawler (a known crawler: its tokens in
 * fallback order, and whether it obeys `*`). Default: Googlebot.
 */
export function agentOf(
  values: { agent?: string[]; crawler?: string },
  warn: (line: string) => void,
): { agent: Agent; label: string } {
  if (values.crawler !== undefined) {
    if (values.agent?.length) throw new UsageError('give --agent or --crawler, not both');
    const known = crawler(values.crawler);
    if (!known)
      throw new UsageError(
        `--crawler ${JSON.stringify(values.crawler)} is not a known crawler (robotsmatch crawlers lists them)`,
      );
    return { agent: known, label: known.name };
  }
  const tokens = (values.agent?.length ? values.agent : ['Googlebot']).map((a) => tokenOf(a, warn));
  return tokens.length === 1 ? { agent: tokens[0]!, label: tokens[0]! } : { agent: tokens, label: tokens.join(', ') };
}

/** The purposes --purpose names, for its help and its error. */
export const PURPOSES = 'train-ai (or ai-train), search, ai-input, or another AIPREF label in lower case (train-genai)';

/**
 * --purpose, checked before any robots.txt is read, by the library's own
 * reading of a purpose (a bad one is a RangeError there): one plain line
 * naming the value and the ones accepted.
 */
export function purposeOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    purpose(value);
  } catch (error) {
    if (error instanceof RangeError)
      throw new UsageError(`--purpose must be ${PURPOSES}, got ${JSON.stringify(value)}`);
    throw error;
  }
  return value;
}

export function timeoutOf(value: string | undefined): number {
  const ms = Number(value);
  if (!/^\d+$/.test(value ?? '') || ms < 1 || ms > 2 ** 31 - 1)
    throw new UsageError(
      `--timeout must be a whole number of milliseconds from 1 to 2147483647, got ${JSON.stringify(value)}`,
    );
  return ms;
}

/**
 * --workers, at most the cores there are: a thread per chunk beyond them
 * only adds heaps and switching (64 workers on 2 cores peaked at 1.08 GB and
 * ran 3x slower). Lowering it is said on one stderr line.
 */
export function workersOf(value: string | undefined, warn: (line: string) => void): number {
  const cores = Math.max(1, availableParallelism());
  if (value === undefined) return Math.min(cores, 8);
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 64)
    throw new UsageError(`--workers must be a whole number from 1 to 64, got ${JSON.stringify(value)}`);
  if (Number(value) <= cores) return Number(value);
  warn(
    `robotsmatch: --workers ${value} is more than the ${cores} cores here (os.availableParallelism()); using ${cores}\n`,
  );
  return cores;
}

/**
 * --max-bytes. More than the core takes (256 MiB) reads up to that, as the
 * library's fetch does, and says so: the same limit for a file, a fetched
 * body and the filter workers' copy.
 */
export function maxBytesOf(value: string | undefined, warn: (line: string) => void): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) > 2 ** 31 - 1)
    throw new UsageError(`--max-bytes must be a whole number of bytes, got ${JSON.stringify(value)}`);
  if (Number(value) <= MAX_INPUT_BYTES) return Number(value);
  warn(
    `robotsmatch: --max-bytes ${value} is more than robotsmatch reads of a robots.txt; reading at most ${MAX_INPUT_BYTES.toLocaleString('en-US')} bytes (256 MiB)\n`,
  );
  return MAX_INPUT_BYTES;
}

export const isUrl = (text: string) => /^https?:\/\//i.test(text);

export { plural } from '../common/count.js';
