// The join's output, from bytes to bytes, in every form `filter
// --robots-archive` writes: a chunk of input lines (batch.ts) answered
// origin by origin (verdicts.ts), then written line by line in input order
// by the form's row writer into one reused buffer, handed out a piece of up
// to about a megabyte at a time. A row is the line's own bytes (or its URL
// as a JSON string, or its record's fields) between bytes that depend only
// on its answers, encoded once and copied.

import { Batch, ESCAPE, NOT_ASCII } from './batch.js';
import { copyBytes, encoder } from './copy.js';
import {
  answer,
  OUTCOMES,
  OUTCOME_INVALID,
  OUTCOME_UNKNOWN,
  type Answers,
  type OutcomeCounts,
  type RowsJoin,
} from './verdicts.js';

/** The forms: the kept lines, the dropped ones, `label<TAB>line`, the label alone, JSON records per URL and agent, the agents that may not fetch each URL. */
export type RowForm = 'allowed' | 'disallowed' | 'labelled' | 'verdicts' | 'json' | 'blocked-agents';

export interface RowOptions {
  /** The input is JSON Lines records with a "url" string, not URLs (their other fields are kept). */
  jsonInput?: boolean;
  /** Keep the URLs of origins the archive has no answer for, as if allowed (default: drop them). */
  keepUnknown?: boolean;
  /** Added each URL's outcome, and the URLs filter's default form keeps (in every form, so a summary says the same of one input whatever the form). */
  counts?: OutcomeCounts & { kept?: number };
  /** A JSON Lines line with no "url" string is a RecordLineError instead of a row whose outcome is `invalid`. */
  strict?: boolean;
}

/** Bytes of output per piece handed out (a row longer than this gets a piece of its own). */
const PIECE = 1 << 20;
const HEAD = Buffer.from('{"url":"');
const _TAB = 9;
const LF = 10;
/** A line's label (--verdicts): what labelOf returns, as text. */
const LABELS = ['allowed', 'disallowed', 'opted-out', 'unknown', 'invalid'];
const LABEL_TAB = LABELS.map((l) => Buffer.from(`${l}\t`));
const LABEL_LF = LABELS.map((l) => Buffer.from(`${l}\n`));
const DISALLOWED = 1;
const OPTED_OUT = 2;
const UNKNOWN = 3;
const INVALID = 4;

/** The reused output buffer of a join, and whether an iteration is writing into it (another one at the same time gets a buffer of its own). */
const pieces = new WeakMap<RowsJoin, { piece: Buffer; busy: boolean }>();

/**
 * The rows of every line of `input` (newline-separated, lines.ts), in
 * input order, in `form`, as pieces of up to about a megabyte. A piece is a
 * view of a buffer the next piece is written into: write it (and wait until
 * written) or copy it before asking for the next. `input` is read as the
 * pieces are made. Reading the input and answering it happen at the first
 * next() (with `strict`, a RecordLineError then, for a record without a "url").
 */
export function* rowsOf(
  join: RowsJoin,
  input: Uint8Array,
  form: RowForm,
  options: RowOptions = {},
): Generator<Uint8Array, void, undefined> {
  const { batch, writer } = answered(join, input, form, options);
  let state = pieces.get(join);
  if (state === undefined) pieces.set(join, (state = { piece: Buffer.allocUnsafeSlow(PIECE), busy: false }));
  const shared = !state.busy;
  const base = shared ? state.piece : Buffer.allocUnsafe(PIECE);
  if (shared) state.busy = true;
  try {
    let piece = base;
    let at = 0;
    for (let i = 0; i < batch.count; i++) {
      for (let r = 0; r < writer.rows; r++) {
        const length = writer.size(i, r);
        if (length === 0) continue;
        if (at + length > piece.length) {
          if (at > 0) yield piece.subarray(0, at);
          // A row longer than a piece (a URL of megabytes) gets a buffer of its own.
          piece = length > PIECE ? Buffer.allocUnsafe(length) : base;
          at = 0;
        }
        at = writer.write(piece, at, i, r);
      }
    }
    if (at > 0) yield piece.subarray(0, at);
  } finally {
    if (shared) state.busy = false;
  }
}

/** A chunk read, answered and counted, and the form's writer of its rows. */
function answered(
  join: RowsJoin,
  input: Uint8Array,
  form: RowForm,
  options: RowOptions,
): { batch: Batch; writer: RowWriter } {
  // --verdicts and --verdicts-only answer every line, blank ones too (with no URL, `unknown`): line N of the output answers line N of the input.
  const everyLine = form === 'labelled' || form === 'verdicts';
  const batch = new Batch(input, options.jsonInput === true, form === 'json', everyLine, options.strict === true);
  const answers = answer(join, batch, form === 'json', options.counts);
  if (options.counts) options.counts.unknown -= batch.blanks; // no URLs
  const writer = writerOf(form, join, batch, answers, options.keepUnknown === true);
  if (options.counts) {
    let kept = 0;
    for (let i = 0; i < batch.count; i++) if (writer.kept(i) && !batch.blank(i)) kept++;
    options.counts.kept = (options.counts.kept ?? 0) + kept;
  }
  return { batch, writer };
}

/**
 * rowsOf(), a line at a time: for each line of `input` rowsOf would answer
 * (blank lines only in the forms that answer every line), the bytes rowsOf
 * writes for it, none when the form drops it. Each is a view of a buffer
 * the next one is written into. For a join that writes lines in another
 * order than it answers them (spill.ts).
 */
export function* lineRowsOf(
  join: RowsJoin,
  input: Uint8Array,
  form: RowForm,
  options: RowOptions = {},
): Generator<Uint8Array, void, undefined> {
  const { batch, writer } = answered(join, input, form, options);
  let out = Buffer.allocUnsafe(1 << 16);
  for (let i = 0; i < batch.count; i++) {
    let size = 0;
    for (let r = 0; r < writer.rows; r++) size += writer.size(i, r);
    if (size > out.length) out = Buffer.allocUnsafe(size * 2);
    let at = 0;
    for (let r = 0; r < writer.rows; r++) if (writer.size(i, r) > 0) at = writer.write(out, at, i, r);
    yield out.subarray(0, at);
  }
}

/** A form's rows: `rows` per line; row r of line i needs at most size(i, r) bytes (0: none) and is written by write(). */
interface RowWriter {
  rows: number;
  size(i: number, r: number): number;
  write(out: Buffer, at: number, i: number, r: number): number;
  /** Whether line i is kept (filter's default form). */
  kept(i: number): boolean;
}

function writerOf(form: RowForm, join: RowsJoin, batch: Batch, answers: Answers, keepUnknown: boolean): RowWriter {
  const n = join.labels.length;
  const { codes, outcomes } = answers;
  /** The line's label: unknown, disallowed (for any agent), opted-out (for any agent), or allowed. */
  const labelOf = (i: number): number => {
    if (outcomes[i] === OUTCOME_UNKNOWN) return UNKNOWN;
    if (outcomes[i] === OUTCOME_INVALID) return INVALID;
    let label = 0;
    for (let a = i * n; a < i * n + n; a++) {
      if (codes[a] === 0) return DISALLOWED;
      if (codes[a] === 2) label = OPTED_OUT;
    }
    return label;
  };
  /** filter's default form keeps a URL every agent may fetch (and none is opted out); unknown and invalid rows by the flag. */
  const kept = (i: number): boolean => (outcomes[i]! >= OUTCOME_UNKNOWN ? keepUnknown : labelOf(i) === 0);
  const lineLength = (i: number) => batch.ends[i]! - batch.starts[i]!;
  /** Writes line i's own bytes, as read (bytes that are not UTF-8 too: a join back to the input on them finds the row). */
  const copyLine = (out: Buffer, at: number, i: number): number => {
    const s = batch.starts[i]!;
    const e = batch.ends[i]!;
    return copyBytes(out, at, batch.bytes, s, e);
  };
  const lineThen = (last: number) => ({
    rows: 1,
    size: (i: number) => (kept(i) === (last === 1) ? lineLength(i) + 1 : 0),
    write: (out: Buffer, at: number, i: number) => {
      at = copyLine(out, at, i);
      out[at] = LF;
      return at + 1;
    },
    kept,
  });
  switch (form) {
    case 'allowed':
      return lineThen(1);
    case 'disallowed':
      return lineThen(0);
    case 'labelled':
      return {
        rows: 1,
        size: (i) => 11 + lineLength(i) + 1,
        write: (out, at, i) => {
          const label = LABEL_TAB[labelOf(i)]!;
          out.set(label, at);
          at = copyLine(out, at + label.length, i);
          out[at] = LF;
          return at + 1;
        },
        kept,
      };
    case 'verdicts':
      return {
        rows: 1,
        size: () => 11,
        write: (out, at, i) => {
          const label = LABEL_LF[labelOf(i)]!;
          out.set(label, at);
          return at + label.length;
        },
        kept,
      };
    case 'blocked-agents':
      return blockedAgentsWriter(join, batch, answers, keepUnknown, kept, lineLength, copyLine);
    case 'json':
      return jsonWriter(join, batch, answers, kept);
  }
}

/** `URL<TAB>agent,agent` per URL, or a record with `"outcome"` and `"blockedAgents"`: the agents that may not fetch it (or are opted out); for an unknown origin, all of them unless --unknown keep. */
function blockedAgentsWriter(
  join: RowsJoin,
  batch: Batch,
  { codes, outcomes }: Answers,
  keepUnknown: boolean,
  kept: (i: number) => boolean,
  lineLength: (i: number) => number,
  copyLine: (out: Buffer, at: number, i: number) => number,
): RowWriter {
  const labels = join.labels;
  const n = labels.length;
  /** The blocked agents of line i, as a key (a bit per agent; their codes past 30 agents). */
  const keyOf = (i: number): number | string => {
    if (outcomes[i]! >= OUTCOME_UNKNOWN) return keepUnknown ? 0 : -1;
    if (n > 30) return Array.from(codes.subarray(i * n, i * n + n), (c) => (c === 0 || c === 2 ? 1 : 0)).join('');
    let mask = 0;
    for (let a = 0; a < n; a++) if (codes[i * n + a] === 0 || codes[i * n + a] === 2) mask |= 1 << a;
    return mask;
  };
  const listOf = (key: number | string): string[] =>
    key === -1 ? [...labels] : labels.filter((_, a) => (typeof key === 'number' ? (key >>> a) & 1 : key[a] === '1'));
  const ends = new Map<number | string, Uint8Array>();
  if (batch.recordAt === undefined) {
    let line = -1;
    let end: Uint8Array;
    const prepare = (i: number) => {
      if (line === i) return;
      line = i;
      const key = keyOf(i);
      end = ends.get(key)!;
      if (end === undefined) ends.set(key, (end = encoder.encode(`\t${listOf(key).join(',')}\n`)));
    };
    return {
      rows: 1,
      size: (i) => {
        prepare(i);
        return lineLength(i) + end.length;
      },
      write: (out, at, i) => {
        prepare(i);
        at = copyLine(out, at, i);
        out.set(end, at);
        return at + end.length;
      },
      kept,
    };
  }
  // Records: the record's own fields, then `"outcome"` and `"blockedAgents"` (written as JSON.stringify({...record, outcome, blockedAgents}) writes them).
  let line = -1;
  let row: Uint8Array;
  const prepare = (i: number) => {
    if (line === i) return;
    line = i;
    const record = batch.recordAt![i] ?? { input: batch.line(i) };
    const outcome = OUTCOMES[outcomes[i]!]!;
    const key = keyOf(i);
    // A row with no URL may be any record, even `{}`: written whole.
    if (batch.invalid.has(i) || Object.hasOwn(record, 'outcome') || Object.hasOwn(record, 'blockedAgents')) {
      row = encoder.encode(`${JSON.stringify({ ...record, outcome, blockedAgents: listOf(key) })}\n`);
      return;
    }
    const endKey = `${outcome} ${key}`;
    let end = ends.get(endKey);
    if (end === undefined)
      ends.set(
        endKey,
        (end = encoder.encode(`,"outcome":"${outcome}","blockedAgents":${JSON.stringify(listOf(key))}}\n`)),
      );
    const head = fieldsOf(record);
    row = new Uint8Array(head.length + end.length);
    row.set(head);
    row.set(end, head.length);
  };
  return {
    rows: 1,
    size: (i) => {
      prepare(i);
      return row.length;
    },
    write: (out, at, i) => {
      prepare(i);
      out.set(row, at);
      return at + row.length;
    },
    kept,
  };
}

/** A record's fields as JSON, without its closing brace (a record has "url": never empty). */
function fieldsOf(record: Record<string, unknown>): Uint8Array {
  const text = JSON.stringify(record);
  return encoder.encode(text.slice(0, -1));
}

/** The keys a --json row sets: a record holding one of them (other than "url", the same value) is written field by field instead. */
const JSON_FIELDS = ['agent', 'allowed', 'line', 'rule', 'outcome', 'reason', 'optedOut'];

/** A record per URL and agent: `{"url", "agent", "allowed", "line", "rule", "outcome"[, "optedOut"]}`, or the input record with those fields. */
function jsonWriter(join: RowsJoin, batch: Batch, { tails }: Answers, kept: (i: number) => boolean): RowWriter {
  const n = join.labels.length;
  let line = -1;
  /** Line i's bytes before each tail: `{"url":"` and its URL as a JSON string, or its record's fields; undefined: the URL's bytes as they are. */
  let head: Uint8Array | undefined;
  /** A record whose fields the row overwrites: its rows, written out. */
  let whole: Uint8Array[] | undefined;
  const prepare = (i: number) => {
    if (line === i) return;
    line = i;
    whole = undefined;
    const record = batch.recordAt?.[i];
    if (batch.invalid.has(i)) {
      // No URL to write: the record's fields (a line that holds no JSON object: its text as "input"), then the verdict's.
      const fields = record ?? { input: batch.line(i) };
      whole = join.labels.map((agent) => {
        const verdict = { agent, allowed: null, line: 0, rule: null, outcome: 'invalid' };
        const row = join.purpose === undefined ? { ...fields, ...verdict } : { ...fields, ...verdict, optedOut: false };
        return encoder.encode(`${JSON.stringify(row)}\n`);
      });
      head = undefined;
    } else if (record !== undefined) {
      if (JSON_FIELDS.some((k) => Object.hasOwn(record, k))) {
        const row = join.check(batch.urls![i]!);
        whole = row.verdicts.map((v) => {
          const fields = {
            url: row.url,
            agent: v.agent,
            allowed: v.allowed,
            line: v.line,
            rule: v.rule,
            outcome: row.outcome,
            ...(row.reason === undefined ? {} : { reason: row.reason }),
          };
          return encoder.encode(
            `${JSON.stringify(
              v.optedOut === undefined ? { ...record, ...fields } : { ...record, ...fields, optedOut: v.optedOut },
            )}\n`,
          );
        });
        head = undefined;
      } else head = fieldsOf(record);
    } else if (batch.care[i]! & (ESCAPE | NOT_ASCII)) {
      // A line that needs care is written as JSON.stringify writes its text. JSON text is UTF-8: a line that is not
      // keeps "url" as matched (U+FFFD for each bad sequence) and its own bytes in "urlBytes", base64.
      const recoded = batch.recoded.has(i);
      const bytes = recoded ? `","urlBytes":"${batch.bytes.toString('base64', batch.starts[i]!, batch.ends[i]!)}` : '';
      head = encoder.encode(`{"url":${JSON.stringify(batch.line(i)).slice(0, -1)}${bytes}`);
    } else head = undefined;
  };
  const fromRecords = batch.recordAt !== undefined;
  return {
    rows: n,
    size: (i, a) => {
      prepare(i);
      if (whole !== undefined) return whole[a]!.length;
      const tail = tails![i * n + a]!.length;
      return head !== undefined ? head.length + tail : HEAD.length + batch.ends[i]! - batch.starts[i]! + tail;
    },
    write: (out, at, i, a) => {
      prepare(i);
      if (whole !== undefined) {
        out.set(whole[a]!, at);
        return at + whole[a]!.length;
      }
      if (head !== undefined) {
        out.set(head, at);
        at += head.length;
      } else {
        out.set(HEAD, at);
        at += HEAD.length;
        at = copyBytes(out, at, batch.bytes, batch.starts[i]!, batch.ends[i]!);
      }
      // A record's fields end without a quote: its tail from the comma.
      const tail = tails![i * n + a]!;
      const from = fromRecords ? 1 : 0;
      out.set(from ? tail.subarray(1) : tail, at);
      return at + tail.length - from;
    },
    kept,
  };
}
