// Captures from a WARC file (.warc or .warc.gz, as Common Crawl's robots.txt
// subset and crawlers write them), read with warcio: each `response` record
// of an http(s) URL is a capture (its HTTP status, Location, and for a 2xx
// its body with transfer and content encodings undone). Other records
// (request, metadata, warcinfo, revisit) say nothing about the response.
//
// warcio is asked for each record's content as stored (parseHttp off), for
// two reasons:
// - A record is whole only if the file holds as many bytes of it as its WARC
//   Content-Length says. warcio does not check: a file cut inside its last
//   record gave a partial body (a robots.txt missing its later Disallow
//   lines), and a cut record it skipped never returned. Every record is read
//   to its end here and its bytes counted, and what follows the last record
//   must be blank lines, so a cut file is an ArchiveError, as a cut .warc.gz
//   is (open.ts).
// - warcio ends the HTTP head at the first CRLF CRLF after the status line.
//   A response with no header lines (`HTTP/1.1 200 OK`, a blank line, the
//   body, as warcio itself writes one), or with bare LF line ends, has none
//   there, so it read the body as headers and returned no body: everything
//   allowed. Here the head ends at the first blank line, CRLF or bare LF (RFC
//   9112 section 2.2); warcio still reads the head's status line and headers.
//   The body's encodings are undone by decode-body.ts, up to the archive's
//   limit (warcio inflated a gzip bomb whole).

import { AsyncIterReader, StatusAndHeadersParser, type WARCParser, type WARCRecord } from 'warcio';
import { QuietWARCParser } from './quiet-parser.js';
import type { Capture } from './capture.js';
import { decodeBody } from './decode-body.js';
import { ArchiveError } from './errors.js';
import type { Piece } from './gzip-members.js';
import { type Segment, segments } from './segments.js';

/**
 * The captures of a WARC file. A 2xx body is decoded only up to `limit` + 1
 * bytes (decode-body.ts); a body that is cut (WARC-Truncated, a chunk or an
 * encoded stream ending early, a gzip member of the file ending early) or in
 * an encoding no reader undoes is a capture with no response (`status:
 * null`, unreachable), as a fetch that failed: never read as the site's
 * file, and every other record still read. `gzipped`: the bytes come from
 * gzip-members.ts, with its marks.
 */
export async function* readWarc(
  bytes: AsyncIterable<Piece>,
  name: string,
  limit = 512_000,
  gzipped = false,
  cuts?: CutTally,
): AsyncGenerator<[Capture, string]> {
  const count = { seen: 0 };
  for await (const segment of segments(bytes)) yield* readSegment(segment, name, limit, count, gzipped, cuts);
}

/** The gzip members of a WARC file found cut short: how many, and where the first fell (a count, not a list: a hostile file may hold millions). */
export interface CutTally {
  count: number;
  first?: string;
}

/** A record read, not yet handed on: its member may yet turn out cut. */
interface Held {
  where: string;
  /** Where its WARC header starts and its content ends, in the segment. */
  start: number;
  end: number;
  /** A response record's URL and date: what a cut one is known by. */
  url: string | undefined;
  fetchedAt: string | undefined;
  /** The capture it gives or the problem it is (undefined: not a capture, or cut). */
  result: Capture | ArchiveError | undefined;
}

/** Bytes read past a record after which its member is taken as sound even before its end: a cut member's inflater fails long before. */
const MARGIN = 1 << 20;

/**
 * The captures of the records of one segment (the whole file, or the run
 * of gzip members up to one cut short). A record is handed on once the
 * member holding it is read whole. At a cut, the record it falls in (the
 * one the cut member starts) is a capture with no response when its header
 * names a response's URL, and otherwise dropped (nothing says which site it
 * was); the records after it are not read (they are inflated from bytes
 * that were never theirs).
 */
async function* readSegment(
  segment: Segment,
  name: string,
  limit: number,
  count: { seen: number },
  gzipped: boolean,
  cuts: CutTally | undefined,
): AsyncGenerator<[Capture, string]> {
  const file = new FileEnd();
  let end = 0; // where the last record's content ends in the segment
  let parser: WARCParser;
  try {
    parser = new QuietWARCParser(file.watch(segment), { parseHttp: false });
  } catch (error) {
    throw new ArchiveError(name, `not a WARC file (${(error as Error).message})`);
  }
  const records = parser[Symbol.asyncIterator]();
  const held: Held[] = [];
  /** The held records known sound, handed on (a problem thrown). */
  function* release(): Generator<[Capture, string]> {
    while (held.length > 0) {
      const first = held[0]!;
      if (gzipped && first.end > segment.verified && first.end + MARGIN > segment.position) return;
      held.shift();
      if (first.result instanceof ArchiveError) throw first.result;
      if (first.result) yield [first.result, first.where];
    }
  }
  for (;;) {
    let next: IteratorResult<WARCRecord>;
    try {
      next = await records.next();
    } catch (error) {
      if (gzipped && !(error instanceof ArchiveError) && (await segment.cutAhead(MARGIN))) break;
      if (error instanceof ArchiveError) throw error; // the file's own (a cut gzip)
      throw new ArchiveError(`${name} record ${count.seen + 1}`, `not a WARC record (${(error as Error).message})`);
    }
    if (next.done) {
      // warcio ends without a word at a last line of two bytes (it takes any such line for a CRLF), so a file cut two bytes into a record would lose it in silence.
      if (!segment.cut && !file.blankAfter(end))
        throw new ArchiveError(
          name,
          `the file ends with bytes that are not a WARC record after its last whole one${count.seen ? ` (record ${count.seen})` : ''}: it is cut short, or not all of it is WARC`,
        );
      break;
    }
    const record = next.value;
    const where = `${name} record ${++count.seen}`;
    const url = record.warcTargetURI;
    const capture = record.warcType === 'response' && !!url && /^https?:/i.test(url);
    const named = capture ? url : undefined;
    const fetchedAt = record.warcDate ?? undefined;
    // Where the record's content starts: warcio's offset of the record and the length of its WARC header, as its indexer reads them.
    const start = parser.offset + parser.recordLength;
    // Every record is read to its end, so that a cut one is found wherever it is.
    const kept = keptOf(limit);
    let content: Uint8Array;
    try {
      content = await contentOf(record, capture ? kept : 0, where);
    } catch (error) {
      if (!(gzipped && (await segment.cutAhead(MARGIN)))) throw error;
      held.push({
        where,
        start: parser.offset,
        end: Number.POSITIVE_INFINITY,
        url: named,
        fetchedAt,
        result: undefined,
      });
      break;
    }
    end = start + Number(record.warcHeader('Content-Length'));
    let result: Held['result'];
    try {
      result = capture ? await captureOf(record, url, content, where, limit, kept) : undefined;
    } catch (error) {
      if (!(error instanceof ArchiveError)) throw error;
      result = error;
    }
    held.push({ where, start: parser.offset, end, url: named, fetchedAt, result });
    // Past the cut member's start, what follows was inflated from bytes that were never the file's.
    if (segment.cut && end > segment.cut.trusted) break;
    yield* release();
  }
  if (segment.cut) {
    if (cuts) {
      cuts.count++;
      cuts.first ??= cutPlace(held, segment.cut.trusted, name, count.seen);
    }
    yield* atCut(held, segment.cut.trusted);
  } else {
    segment.verified = segment.position;
    yield* release();
  }
}

/** Where a cut falls, for people: the record the cut member starts, else the last record read before it. */
function cutPlace(held: Held[], trusted: number, name: string, seen: number): string {
  const cut = held.find((h) => h.end > trusted);
  if (cut) return `in ${cut.where}`;
  return seen ? `after ${name} record ${seen}` : `at the start of ${name}`;
}

/** The held records of a segment that ends at a cut `trusted` bytes in: those before it, then the one it starts (as a failed fetch). */
function* atCut(held: Held[], trusted: number): Generator<[Capture, string]> {
  for (const h of held) {
    if (h.end <= trusted) {
      if (h.result instanceof ArchiveError) throw h.result;
      if (h.result) yield [h.result, h.where];
      continue;
    }
    // The first record not whole before the cut member is the one it starts (or is cut inside); those after it are not read.
    if (h.start <= trusted && h.url !== undefined)
      yield [
        {
          url: h.url,
          status: null,
          fetchedAt: h.fetchedAt,
          error:
            'the captured response cannot be read whole: the gzip member of the archive holding its record is cut short',
        },
        h.where,
      ];
    return;
  }
}

/** The capture a response record gives (its content as stored, the first `kept` bytes of it). */
async function captureOf(
  record: WARCRecord,
  url: string,
  content: Uint8Array,
  where: string,
  limit: number,
  kept: number,
): Promise<Capture> {
  // With no blank line, every line is the head, as warcio reads it: a status and headers are all a non-2xx capture needs.
  const headEnd = endOfHead(content);
  const head = headEnd < 0 ? content : content.subarray(0, headEnd);
  const http = await new StatusAndHeadersParser().parse(new AsyncIterReader([head], null), { headersClass: Headers });
  const status = Number(http?.statusCode);
  if (!http || !Number.isInteger(status))
    throw new ArchiveError(where, `the response to ${url} has no HTTP status line`);
  const header = (key: string) => http.headers.get(key) ?? undefined;
  let body: Uint8Array | undefined;
  let answered: number | null = status;
  let error: string | undefined;
  if (status >= 200 && status < 300) {
    // Lines after the status line with no blank line after them may be the body's rules, not headers.
    if (headEnd < 0)
      throw new ArchiveError(
        where,
        `the response to ${url} has no blank line after its HTTP headers, so where its body starts is unknown`,
      );
    const truncated = record.warcHeader('WARC-Truncated');
    let decoded = truncated
      ? { unreadable: `the record is marked WARC-Truncated (${truncated})` }
      : await decodeBody(content.subarray(headEnd), http.headers as unknown as Headers, limit);
    // Only the start of a long record is kept: unencoded, that is the live fetch's cut; encoded, it must give the limit's bytes.
    if ('unreadable' in decoded && !truncated && content.length === kept)
      decoded = {
        unreadable: `its body as stored is longer than the ${kept.toLocaleString('en-US')} bytes read of it, and those do not decode to the ${limit.toLocaleString('en-US')} bytes a robots.txt is read to`,
      };
    if ('body' in decoded) body = decoded.body;
    else {
      answered = null; // a failed fetch: the site's file is not known whole
      error = `the captured response cannot be read whole: ${decoded.unreadable}`;
    }
  }
  return {
    url,
    status: answered,
    location: header('location'),
    contentType: header('content-type'),
    body,
    fetchedAt: record.warcDate ?? undefined,
    error,
  };
}

/** The length of the bytes given to warcio and the last few of them: what follows the last record. */
class FileEnd {
  private static readonly KEEP = 64;
  private length = 0;
  private tail = new Uint8Array(0);
  /** gzip inside the file's own gzip: warcio inflates it, and counts its offsets in gzip bytes, so the end is not checked. */
  private inflated = false;

  async *watch(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of bytes) {
      if (this.length === 0 && chunk[0] === 0x1f && chunk[1] === 0x8b) this.inflated = true;
      this.length += chunk.length;
      this.tail =
        chunk.length >= FileEnd.KEEP
          ? chunk.slice(-FileEnd.KEEP)
          : Buffer.concat([this.tail, chunk]).subarray(-FileEnd.KEEP);
      yield chunk;
    }
  }

  /** Whether the file holds nothing but line ends after byte `end` (the blank lines that close a record). */
  blankAfter(end: number): boolean {
    const count = this.length - end;
    return (
      this.inflated ||
      count <= 0 ||
      (count <= FileEnd.KEEP && this.tail.subarray(-count).every((b) => b === 10 || b === 13))
    );
  }
}

/**
 * The bytes of a record's content kept: the HTTP head and far more than the
 * limit (an encoded body that gives the limit's bytes is at most a little
 * longer than them), so a 300 MB body is never held whole.
 */
function keptOf(limit: number): number {
  return Math.min(0x7fff_ffff, 4 * (limit + 1) + (1 << 20));
}

/** The first `keep` bytes of a record's content as stored, after checking that the file holds all of it. */
async function contentOf(record: WARCRecord, keep: number, where: string): Promise<Uint8Array> {
  const first = record.warcHeaders.statusline;
  if (!/^WARC\/\d/.test(first))
    throw new ArchiveError(
      where,
      `not a WARC record: its first line is ${JSON.stringify(first.slice(0, 40))} where WARC/1.0 or WARC/1.1 belongs (the file may be cut short)`,
    );
  const declared = record.warcHeader('Content-Length');
  if (declared == null)
    throw new ArchiveError(
      where,
      'not a whole WARC record: its header has no Content-Length (the file may be cut short)',
    );
  if (!/^\d+$/.test(declared))
    throw new ArchiveError(where, `not a WARC record: its Content-Length is "${declared}", not a number of bytes`);
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for await (const chunk of record.reader) {
      if (length < keep) chunks.push(length + chunk.length > keep ? chunk.subarray(0, keep - length) : chunk);
      length += chunk.length;
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error; // the file's own (a cut gzip)
    throw new ArchiveError(where, `the record cannot be read (${(error as Error).message})`);
  }
  if (length < Number(declared)) {
    throw new ArchiveError(
      where,
      `the file ends inside this record (${length} of its ${declared} bytes are there): the archive is cut short`,
    );
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, Math.min(length, keep));
}

/**
 * Where a stored HTTP response's head ends: just past the first blank line
 * after the status line, whether lines end with CRLF or a bare LF (RFC 9112
 * section 2.2 lets a reader take a bare LF as a line's end); -1 if none.
 */
function endOfHead(content: Uint8Array): number {
  let line = content.indexOf(10) + 1; // the status line's end
  if (line === 0) return -1;
  for (;;) {
    if (content[line] === 10) return line + 1;
    if (content[line] === 13 && content[line + 1] === 10) return line + 2;
    const lf = content.indexOf(10, line);
    if (lf < 0) return -1;
    line = lf + 1;
  }
}
