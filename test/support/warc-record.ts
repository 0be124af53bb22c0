// One WARC response record written by hand, for captures no WARC writer
// makes (a cut body, an odd encoding): the HTTP head lines and the body
// exactly as given.

/** A WARC response record for https://HOST/robots.txt (status 200 unless `status` says): HTTP head lines, then `body` as stored. */
export function warcRecord(
  host: string,
  head: string[],
  body: Uint8Array,
  warcHeaders: string[] = [],
  status = '200 OK',
): Buffer {
  const content = Buffer.concat([
    Buffer.from(`HTTP/1.1 ${status}\r\n${head.map((h) => `${h}\r\n`).join('')}\r\n`),
    body,
  ]);
  const header = [
    'WARC/1.0',
    'WARC-Type: response',
    `WARC-Target-URI: https://${host}/robots.txt`,
    'WARC-Date: 2026-01-01T00:00:00Z',
    `WARC-Record-ID: <urn:uuid:${host}>`,
    'Content-Type: application/http; msgtype=response',
    ...warcHeaders,
    `Content-Length: ${content.length}`,
  ];
  return Buffer.concat([Buffer.from(`${header.join('\r\n')}\r\n\r\n`), content, Buffer.from('\r\n\r\n')]);
}
