// Archives written for the tests from capture records (the JSON Lines
// fields of test/vectors/archive-outcomes.json): as JSON Lines (plain or
// gzip) and as WARC (plain or gzip, a response record per capture, written
// with warcio's serializer).
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { WARCRecord, WARCSerializer } from 'warcio';

export interface CaptureRecord {
  url: string;
  status: number | null;
  location?: string;
  content_type?: string;
  body?: string;
  body_base64?: string;
  fetched_at?: string | number;
}

export function bodyBytes(c: CaptureRecord): Uint8Array {
  return c.body_base64 !== undefined ? Buffer.from(c.body_base64, 'base64') : Buffer.from(c.body ?? '', 'utf8');
}

export function writeJsonl(path: string, captures: CaptureRecord[], gzip = false): void {
  const text = captures.map((c) => `${JSON.stringify(c)}\n`).join('');
  writeFileSync(path, gzip ? gzipSync(text) : text);
}

const REASONS: Record<number, string> = {
  200: 'OK',
  301: 'Moved Permanently',
  302: 'Found',
  404: 'Not Found',
  500: 'Internal Server Error',
};

/** A WARC of the captures that had a response (a WARC has no record of a fetch that got none). */
export async function warcBytes(captures: CaptureRecord[], gzip: boolean): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for (const c of captures) {
    if (c.status === null) continue;
    const httpHeaders: Record<string, string> = {};
    if (c.content_type !== undefined) httpHeaders['Content-Type'] = c.content_type;
    if (c.location !== undefined) httpHeaders.Location = c.location;
    const body = bodyBytes(c);
    httpHeaders['Content-Length'] = String(body.length);
    const record = WARCRecord.create(
      {
        url: c.url,
        type: 'response',
        date: c.fetched_at === undefined ? '2025-01-01T00:00:00Z' : String(c.fetched_at),
        httpHeaders,
        statusline: `HTTP/1.1 ${c.status} ${REASONS[c.status] ?? 'Status'}`,
      },
      (async function* () {
        yield body;
      })(),
    );
    parts.push(await WARCSerializer.serialize(record, { gzip }));
  }
  return Buffer.concat(parts);
}

export async function writeWarc(path: string, captures: CaptureRecord[], gzip = false): Promise<void> {
  writeFileSync(path, await warcBytes(captures, gzip));
}
