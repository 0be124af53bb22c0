// A captured 2xx body with its transfer and content encodings undone, read
// only as far as the archive keeps it: decoding stops once `limit` + 1
// bytes have come out (a gzip bomb costs what a live fetch's cut costs, not
// its inflated size), and a body that ends early (a chunk cut short, a gzip
// or deflate stream with no end) is said to be cut, never taken for the
// site's file: the caller makes it a failed fetch.

import { createBrotliDecompress, createGunzip, createInflate, type Gunzip } from 'node:zlib';

/** The body as kept (at most limit + 1 bytes), or why it cannot be read whole. */
export type DecodedBody = { body: Uint8Array } | { unreadable: string };

/** Bytes handed to the decoder at a time: it stops between them once it has given enough. */
const PIECE = 1 << 16;

export async function decodeBody(stored: Uint8Array, headers: Headers, limit: number): Promise<DecodedBody> {
  let bytes = stored;
  const transfer = codings(headers.get('transfer-encoding'));
  for (const coding of transfer) {
    if (coding !== 'chunked')
      return { unreadable: `its Transfer-Encoding ${coding} is not one robots.txt readers undo` };
    const body = dechunked(bytes);
    if (body === undefined) return { unreadable: 'its chunked body is cut short' };
    bytes = body;
  }
  // Content codings, the last applied first.
  for (const coding of codings(headers.get('content-encoding')).reverse()) {
    const decoder =
      coding === 'gzip' || coding === 'x-gzip'
        ? createGunzip()
        : coding === 'deflate'
          ? createInflate()
          : coding === 'br'
            ? createBrotliDecompress()
            : undefined;
    if (decoder === undefined)
      return { unreadable: `its Content-Encoding ${coding} is not one robots.txt readers undo` };
    const decoded = await capped(decoder, bytes, limit);
    if ('unreadable' in decoded) return decoded;
    bytes = decoded.body;
  }
  return { body: bytes.length > limit + 1 ? bytes.subarray(0, limit + 1) : bytes };
}

function codings(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
}

/** What `decoder` makes of `input`, stopping once more than `limit` bytes have come out; an input that ends early is unreadable. */
function capped(decoder: Gunzip, input: Uint8Array, limit: number): Promise<DecodedBody> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    let length = 0;
    let settled = false;
    const settle = (result: DecodedBody) => {
      if (settled) return;
      settled = true;
      decoder.destroy();
      resolve(result);
    };
    decoder.on('data', (chunk: Buffer) => {
      parts.push(chunk);
      length += chunk.length;
      // More than the limit: the rest is cut as a live fetch cuts it.
      if (length > limit) settle({ body: Buffer.concat(parts).subarray(0, limit + 1) });
    });
    decoder.on('end', () => settle({ body: Buffer.concat(parts) }));
    decoder.on('error', (error) => settle({ unreadable: `its encoded body cannot be read whole (${error.message})` }));
    const write = (at: number): void => {
      if (settled) return;
      if (at >= input.length) {
        decoder.end();
        return;
      }
      decoder.write(input.subarray(at, at + PIECE), () => write(at + PIECE));
    };
    write(0);
  });
}

/** A chunked body's data, or undefined when it ends before its last (zero-length) chunk. */
function dechunked(bytes: Uint8Array): Uint8Array | undefined {
  const parts: Uint8Array[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf(10, at);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(Buffer.from(bytes.subarray(at, lineEnd)).toString('latin1').split(';')[0]!.trim(), 16);
    if (!Number.isInteger(size) || size < 0) return undefined;
    at = lineEnd + 1;
    if (size === 0) return Buffer.concat(parts);
    if (at + size > bytes.length) return undefined;
    parts.push(bytes.subarray(at, at + size));
    at += size;
    if (bytes[at] === 13) at++;
    if (bytes[at] === 10) at++;
  }
}
