// Captures from JSON Lines: one record per line (capture.ts says which
// fields), plain or gzip. Lines are cut from the bytes as they stream in,
// so a file of any size is read in bounded memory.

import { LineTooLongError, lineChunks, MAX_LINE } from '../cli/line-chunks.js';
import { captureFromRecord, type Capture } from './capture.js';
import { ArchiveError } from './errors.js';

const decoder = new TextDecoder();
const JSON_SPACE = /^[ \t\r]*$/;

/** The captures of a JSON Lines stream (already ungzipped), with where each came from (`name:line`). */
export async function* readJsonl(bytes: AsyncIterable<Uint8Array>, name: string): AsyncGenerator<[Capture, string]> {
  let line = 0;
  for await (const chunk of chunksNamed(lineChunks(bytes), () => `${name}:${line + 1}`)) {
    for (const text of decoder.decode(chunk).split('\n')) {
      line++;
      // A line of JSON's white space only (spaces, tabs, CRs) holds no record, as an empty one (Python's from_jsonl skips the same lines).
      if (JSON_SPACE.test(text)) continue;
      const where = `${name}:${line}`;
      let record: unknown;
      try {
        record = JSON.parse(text);
      } catch {
        throw new ArchiveError(where, 'not a JSON object (JSON Lines: one record per line)');
      }
      yield [captureFromRecord(record, where), where];
    }
    line--; // the chunk's final line break does not start a line
  }
}

/** The chunks, a line too long for them an ArchiveError naming the archive's line (`where`), not the URL list. */
async function* chunksNamed(chunks: AsyncIterable<Uint8Array>, where: () => string): AsyncGenerator<Uint8Array> {
  try {
    yield* chunks;
  } catch (error) {
    if (!(error instanceof LineTooLongError)) throw error;
    throw new ArchiveError(
      where(),
      `the line is longer than ${MAX_LINE / (1 << 20)} MiB, more than a capture holds (a robots.txt body is cut at --max-bytes): is the file JSON Lines of captures?`,
    );
  }
}
