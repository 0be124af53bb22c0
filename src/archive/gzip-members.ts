// A gzip file ungzipped member by member, knowing where each member ends,
// so that one member cut short (a crawler that died writing a record and
// went on appending after a restart) costs only what it held: a Cut is
// yielded where its bytes stop, and reading goes on at the next member,
// found by its header and checked by inflating its start. A .warc.gz holds
// one record per member (sometimes many); one gzipped again, as a whole (a
// download saved with its Content-Encoding) or member by member, is
// ungzipped by a second pass over the first's bytes (ungzipAll), so a cut
// inner member is found the same way.
//
// Only the outermost layer is the file: a member it ends inside is the file
// cut short, an ArchiveError, as is anything after its last member but zero
// padding (the error Node's gunzip gives). Inside a whole outer member, a
// cut inner member is a record written cut: a Cut, and reading goes on.

import { createInflateRaw, crc32 as zlibCrc32, constants, inflateRawSync } from 'node:zlib';
import { ArchiveError } from './errors.js';

/** After a member read whole (its trailer's CRC-32 and length checked): every byte so far is as written. */
export const WHOLE: unique symbol = Symbol('a gzip member read whole');
/**
 * Where a member's bytes stop short: the `trusted` bytes before that member
 * (counted from the last cut) are as written; its own may end in bytes
 * inflated from the next member's (a cut member's inflater reads on until
 * they make no sense). What follows starts at the next member.
 */
export interface Cut {
  trusted: number;
}
export type Piece = Uint8Array | typeof WHOLE | Cut;

/** Compressed bytes handed to the inflater at a time: its output is handed on between them (at most about 1,000 times as many). */
const STEP = 1 << 16;
/** A failed member's last compressed bytes kept: the next member's start is looked for in them (it is where the cut is, before the failure). */
const KEPT = 1 << 20;
/** Bytes a candidate member's start is checked with. */
const PROBE = 1 << 16;

/** The file's bytes ungzipped, once or again while the result is itself gzip. */
export async function* ungzipAll(bytes: AsyncIterable<Piece>, name: string): AsyncGenerator<Piece> {
  let layer: AsyncIterable<Piece> = ungzip(bytes, name, true);
  for (let depth = 1; ; depth++) {
    const { first, all } = await peek(layer);
    const gzip = first !== undefined && first[0] === 0x1f && first[1] === 0x8b;
    if (!gzip || depth === 3) {
      yield* all;
      return;
    }
    layer = ungzip(all, name, false);
  }
}

/** The first bytes of a stream (undefined if a cut or the end comes first), and the whole stream from its start. */
async function peek(
  pieces: AsyncIterable<Piece>,
): Promise<{ first: Uint8Array | undefined; all: AsyncIterable<Piece> }> {
  const source = pieces[Symbol.asyncIterator]();
  const taken: Piece[] = [];
  let first: Uint8Array | undefined;
  for (let next = await source.next(); !next.done; next = await source.next()) {
    taken.push(next.value);
    if (next.value instanceof Uint8Array ? next.value.length > 0 : next.value !== WHOLE) {
      if (next.value instanceof Uint8Array) first = next.value;
      break;
    }
  }
  const all = (async function* () {
    yield* taken;
    for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
  })();
  return { first, all };
}

/** One layer of gzip undone: each member's bytes, WHOLE after each whole one, a Cut after one that ends short. */
export async function* ungzip(bytes: AsyncIterable<Piece>, name: string, outermost: boolean): AsyncGenerator<Piece> {
  const input = new Input(bytes);
  let out = 0; // bytes yielded since the last cut
  for (;;) {
    if (!(await input.fill(1))) {
      if (!input.takeCut()) return;
      yield { trusted: out }; // the layer below's, between members here: what follows starts anew
      out = 0;
      continue;
    }
    // Zero bytes pad some files' ends (Node's gunzip and Python's gzip allow them).
    if (input.pending[0] === 0) {
      const zeros = input.pending.findIndex((b) => b !== 0);
      input.take(zeros < 0 ? input.pending.length : zeros);
      input.forget();
      continue;
    }
    const trusted = out;
    const header = await headerLength(input);
    let outcome: 'whole' | 'cut' | 'broken';
    let atOnce: 'whole' | 'broken' | undefined;
    let why: string;
    if (typeof header === 'string') {
      outcome = header;
      why = header === 'cut' ? 'unexpected end of file' : 'bytes where a gzip member belongs are not one';
    } else if ((atOnce = memberAtOnce(input, header)) !== undefined) {
      outcome = atOnce;
      why = 'incorrect data check';
      out += input.inflated.length;
      yield input.inflated;
    } else {
      const member = inflateMember(input, header);
      for (let next = await member.next(); ; next = await member.next()) {
        if (next.done) {
          ({ outcome, why } = next.value);
          break;
        }
        out += next.value.length;
        yield next.value;
      }
    }
    if (outcome === 'whole') {
      yield WHOLE;
      continue;
    }
    // Cut short or broken: what follows, if anything, starts at the next member's header.
    const found = await input.resync();
    if (!found && outermost) throw new ArchiveError(name, `is not valid gzip (${why})`);
    yield { trusted };
    out = 0;
    if (!found) return;
  }
}

/** The bytes of the layer below, consumed from the front, with the last KEPT of them kept since the current member began. */
class Input {
  pending: Buffer = Buffer.alloc(0) as Buffer;
  /** The bytes of the last member inflated at once (memberAtOnce). */
  inflated: Buffer = Buffer.alloc(0) as Buffer;
  /** The compressed bytes consumed since the current member began (its last KEPT bytes). */
  private kept: Buffer[] = [];
  private keptLength = 0;
  private keptFromStart = true;
  private readonly source: AsyncIterator<Piece>;
  private ended = false;
  /** A Cut of the layer below reached: the bytes before it are all there is of the current member. */
  private cut = false;

  constructor(bytes: AsyncIterable<Piece>) {
    this.source = bytes[Symbol.asyncIterator]();
  }

  atEnd(): boolean {
    return this.ended || this.cut;
  }

  /** Reads until `count` bytes are pending or no more come before the end or a Cut; whether `count` are. */
  async fill(count: number): Promise<boolean> {
    while (this.pending.length < count && !this.atEnd()) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else if (next.value === WHOLE)
        continue; // this layer checks its own members
      else if (!(next.value instanceof Uint8Array)) this.cut = true;
      else if (next.value.length > 0)
        this.pending = this.pending.length ? Buffer.concat([this.pending, next.value]) : Buffer.from(next.value);
    }
    return this.pending.length >= count;
  }

  /** Takes `count` pending bytes (kept, in case the member fails). */
  take(count: number): Buffer {
    const taken = this.pending.subarray(0, count);
    this.pending = this.pending.subarray(count);
    this.kept.push(taken);
    this.keptLength += taken.length;
    while (this.kept.length > 1 && this.keptLength - this.kept[0]!.length >= KEPT) {
      this.keptLength -= this.kept.shift()!.length;
      this.keptFromStart = false;
    }
    return taken;
  }

  /** The bytes kept, when they go back to the current member's start. */
  keptMember(): Buffer | undefined {
    return this.keptFromStart ? Buffer.concat(this.kept) : undefined;
  }

  /** A member read whole: its bytes need not be kept. */
  forget(): void {
    this.kept = [];
    this.keptLength = 0;
    this.keptFromStart = true;
  }

  /**
   * After a member that failed: the pending bytes made to start at the next
   * member's header (looked for from the failed member's second byte on);
   * false when none comes before the end. A Cut of the layer below ends the
   * search: what follows it starts anew.
   */
  async resync(): Promise<boolean> {
    let bytes: Buffer = Buffer.concat([...this.kept.splice(0), this.pending]);
    let from = this.keptLength > 0 ? 1 : 0; // the failed member's first byte starts no other
    this.keptLength = 0;
    this.keptFromStart = true;
    for (;;) {
      this.pending = bytes;
      await this.fill(bytes.length + PROBE);
      bytes = this.pending;
      const at = memberStart(bytes, from);
      if (at >= 0) {
        this.pending = bytes.subarray(at);
        return true;
      }
      if (this.ended) {
        this.pending = Buffer.alloc(0);
        return false;
      }
      if (this.cut) {
        this.pending = Buffer.alloc(0);
        this.cut = false; // the layer below's next member starts anew
        return true;
      }
      // A header may start in the last bytes looked at: they are looked at again with more.
      bytes = bytes.subarray(Math.max(0, bytes.length - 16));
      from = 0;
    }
  }

  /** Whether the layer below's Cut was reached (then what follows it is read next). */
  takeCut(): boolean {
    const cut = this.cut;
    this.cut = false;
    return cut;
  }
}

/** The length of the gzip header at the front of the pending bytes, 'cut' if they end inside it, 'broken' if they are not one. */
async function headerLength(input: Input): Promise<number | 'cut' | 'broken'> {
  for (let want = 10; ; ) {
    const whole = await input.fill(want);
    const length = headerAt(input.pending, 0);
    if (length !== 'short') return length;
    if (!whole || input.pending.length >= (1 << 16) + 10) return 'cut';
    want = input.pending.length + 1;
  }
}

/** The length of a gzip header at `at`, 'short' if the bytes end inside it, 'broken' if none starts there. */
function headerAt(b: Uint8Array, at: number): number | 'short' | 'broken' {
  if (b.length - at < 10) return b[at] === 0x1f && (b.length - at < 2 || b[at + 1] === 0x8b) ? 'short' : 'broken';
  if (b[at] !== 0x1f || b[at + 1] !== 0x8b || b[at + 2] !== 8 || (b[at + 3]! & 0xe0) !== 0) return 'broken';
  const flags = b[at + 3]!;
  let end = at + 10;
  if (flags & 4) {
    if (end + 2 > b.length) return 'short';
    end += 2 + (b[end]! | (b[end + 1]! << 8));
  }
  for (const flag of [8, 16]) {
    if (!(flags & flag)) continue;
    const zero = b.indexOf(0, end);
    if (zero < 0) return 'short';
    end = zero + 1;
  }
  if (flags & 2) end += 2;
  return end > b.length ? 'short' : end - at;
}

/** Output bytes a member is inflated to at once, in one call, when all of it is at hand: most WARC members are one small record. */
const AT_ONCE = 1 << 22;

/**
 * The member whose header is `header` bytes long inflated in one call when
 * the pending bytes hold all of it (its bytes in `input.inflated`): whether
 * it is whole (its trailer checked) or broken (its trailer is not its
 * bytes'); undefined when they do not hold it, or it inflates to more than
 * AT_ONCE bytes or fails (inflateMember reads it).
 */
function memberAtOnce(input: Input, header: number): 'whole' | 'broken' | undefined {
  const deflated = input.pending.subarray(header);
  let inflated: { buffer: Buffer; engine: { bytesWritten: number } };
  try {
    inflated = inflateRawSync(deflated, {
      info: true,
      finishFlush: constants.Z_SYNC_FLUSH,
      maxOutputLength: AT_ONCE,
    }) as unknown as typeof inflated;
  } catch {
    return undefined; // too long, or broken: inflateMember reads it, and hands on what comes out before it fails
  }
  const used = inflated.engine.bytesWritten;
  // All of the bytes taken: the stream may go on past them.
  if (used + 8 > deflated.length) return undefined;
  input.take(header + used);
  const trailer = input.take(8);
  const data = inflated.buffer;
  input.inflated = data; // handed on even when broken: the record it starts is known by its header
  if (trailer.readUInt32LE(0) !== crc32(data, 0) || trailer.readUInt32LE(4) !== data.length >>> 0) return 'broken';
  input.forget();
  return 'whole';
}

/** Inflates the member whose header is `header` bytes long: its bytes, then whether it was whole (its trailer checked). */
async function* inflateMember(
  input: Input,
  header: number,
): AsyncGenerator<Uint8Array, { outcome: 'whole' | 'cut' | 'broken'; why: string }> {
  input.take(header);
  const inflater = createInflateRaw({ chunkSize: 1 << 16 });
  let out: Buffer[] = [];
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  inflater.on('data', (chunk: Buffer) => out.push(chunk));
  inflater.on('error', (error) => {
    failure = error;
    wake?.();
  });
  inflater.on('end', () => wake?.());
  const settle = (start: (done: () => void) => void) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      start(resolve);
    });
  let crc = 0;
  let size = 0;
  let yielded = 0;
  /** A member that failed: the rest of what its bytes inflate to before the failure (zlib drops the output of the call that fails). */
  const rest = () => {
    const kept = input.keptMember();
    const before = kept === undefined ? undefined : inflatedBeforeFailure(kept.subarray(header));
    return before && before.length > yielded ? [before.subarray(yielded)] : [];
  };
  try {
    for (;;) {
      if (!(await input.fill(1))) {
        // No more bytes: the member must end here.
        await settle((done) => inflater.end(done));
        for (const chunk of out) yielded += chunk.length;
        yield* out;
        yield* rest();
        return { outcome: 'cut', why: failure?.message ?? 'unexpected end of file' };
      }
      const step = input.pending.subarray(0, STEP);
      const before = inflater.bytesWritten;
      await settle((done) => inflater.write(step, () => done()));
      const consumed = failure ? step.length : inflater.bytesWritten - before;
      input.take(consumed);
      const chunks = out;
      out = [];
      for (const chunk of chunks) {
        crc = crc32(chunk, crc);
        size = (size + chunk.length) >>> 0;
        yielded += chunk.length;
        yield chunk;
      }
      if (failure) {
        yield* rest();
        return { outcome: 'broken', why: failure.message };
      }
      if (consumed < step.length) break; // the deflate stream ended
    }
  } finally {
    inflater.destroy();
  }
  if (!(await input.fill(8))) {
    yield* rest();
    return { outcome: 'cut', why: 'unexpected end of file' };
  }
  const trailer = input.take(8);
  if (trailer.readUInt32LE(0) !== crc >>> 0 || trailer.readUInt32LE(4) !== size)
    return { outcome: 'broken', why: 'incorrect data check' };
  input.forget();
  return { outcome: 'whole', why: '' };
}

/** What the start of the first gzip member of `bytes` inflates to; undefined if they do not start one. */
export function firstMember(bytes: Uint8Array): Buffer | undefined {
  const header = headerAt(bytes, 0);
  if (typeof header !== 'number') return undefined;
  try {
    return inflateRawSync(bytes.subarray(header), { finishFlush: constants.Z_SYNC_FLUSH }) as Buffer;
  } catch {
    return undefined;
  }
}

/** What the longest start of a failed member's deflate data that inflates without error inflates to (up to AT_ONCE bytes). */
function inflatedBeforeFailure(deflated: Buffer): Buffer | undefined {
  const inflate = (length: number): Buffer | undefined => {
    try {
      return inflateRawSync(deflated.subarray(0, length), {
        finishFlush: constants.Z_SYNC_FLUSH,
        maxOutputLength: AT_ONCE,
      }) as Buffer;
    } catch {
      return undefined;
    }
  };
  let best = inflate(deflated.length);
  if (best) return best;
  // A start that inflates and one that does not, closer each time.
  let good = 0;
  let bad = deflated.length;
  while (bad - good > 1) {
    const middle = (good + bad) >>> 1;
    const inflated = inflate(middle);
    if (inflated) [good, best] = [middle, inflated];
    else bad = middle;
  }
  return best;
}

/** Where in `bytes`, at or after `from`, a gzip member starts whose deflate data inflates without error; -1 if nowhere. */
function memberStart(bytes: Buffer, from: number): number {
  for (let at = bytes.indexOf(0x1f, from); at >= 0; at = bytes.indexOf(0x1f, at + 1)) {
    const header = headerAt(bytes, at);
    if (typeof header !== 'number') continue;
    try {
      const inflated: Uint8Array = inflateRawSync(bytes.subarray(at + header, at + header + PROBE), {
        finishFlush: constants.Z_SYNC_FLUSH,
        maxOutputLength: PROBE * 16,
      });
      if (inflated.length > 0) return at;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return at;
    }
  }
  return -1;
}

/** CRC-32 of gzip's trailer (zlib's own where Node has it, 20.15 and later). */
const crc32: (data: Uint8Array, value: number) => number =
  typeof zlibCrc32 === 'function' ? zlibCrc32 : (data, value) => tableCrc32(data, value);

let table: Uint32Array | undefined;
function tableCrc32(data: Uint8Array, value: number): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let c = ~value >>> 0;
  for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}
