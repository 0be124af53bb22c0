// Captures from a WARC file (.warc or .warc.gz, as Common Crawl's robots.txt
// subset and crawlers write them), read with warcio: each `response` record
// of an http(s) URL is a capture (its HTTP status, Location, and for a 2xx
// its body with transfer and content encodings undone). Other records
// (request, metadata, warcinfo, revisit) say nothing about the response.

import { WARCParser } from 'warcio';
import type { Capture } from './capture.js';
import { ArchiveError } from './errors.js';

export async function* readWarc(bytes: AsyncIterable<Uint8Array>, name: string): AsyncGenerator<[Capture, string]> {
  let n = 0;
  let parser: WARCParser;
  try {
    parser = new WARCParser(bytes);
  } catch (error) {
    throw new ArchiveError(name, `not a WARC file (${(error as Error).message})`);
  }
  const records = parser[Symbol.asyncIterator]();
  for (;;) {
    let next;
    try {
      next = await records.next();
    } catch (error) {
      if (error instanceof ArchiveError) throw error; // the file's own (a cut gzip)
      throw new ArchiveError(`${name} record ${n + 1}`, `not a WARC record (${(error as Error).message})`);
    }
    if (next.done) return;
    const record = next.value;
    n++;
    const where = `${name} record ${n}`;
    const url = record.warcTargetURI;
    if (record.warcType !== 'response' || !url || !/^https?:/i.test(url)) continue;
    const http = record.httpHeaders;
    const status = Number(http?.statusCode);
    if (!http || !Number.isInteger(status)) throw new ArchiveError(where, `the response to ${url} has no HTTP status line`);
    const header = (key: string) => http.headers.get(key) ?? undefined;
    let body: Uint8Array | undefined;
    if (status >= 200 && status < 300) {
      try {
        body = await record.readFully(true);
      } catch (error) {
        throw new ArchiveError(where, `the body of ${url} cannot be read (${(error as Error).message})`);
      }
    }
    yield [{ url, status, location: header('location'), contentType: header('content-type'), body, fetchedAt: record.warcDate ?? undefined }, where];
  }
}
