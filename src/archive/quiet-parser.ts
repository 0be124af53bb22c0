// warcio's WARCParser without the one line it writes to the console itself:
// "Content-Length Too Small: Record not followed by newline, ..." when a
// record's declared length ends before its bytes do. read-warc.ts checks
// where every record ends on its own and says what it found in its own words
// (a cut gzip member is counted and is its site's failed fetch; a file cut
// inside a record is an ArchiveError), so warcio's line was noise on the
// CLI's stderr beside robotsmatch's summary. Only that message is held back,
// and only while warcio looks for the next record; console.warn is restored
// once no parser is looking (parsers of several archives may overlap).

import { WARCParser } from 'warcio';

const WARCIO_LENGTH_WARNING = 'Content-Length Too Small';
let looking = 0;
let original: typeof console.warn | undefined;

function holdBack(...args: unknown[]): void {
  if (typeof args[0] === 'string' && args[0].startsWith(WARCIO_LENGTH_WARNING)) return;
  original?.apply(console, args);
}

export class QuietWARCParser extends WARCParser {
  override async readToNextRecord(): Promise<Uint8Array | null> {
    if (looking++ === 0) {
      original = console.warn;
      console.warn = holdBack;
    }
    try {
      return await super.readToNextRecord();
    } finally {
      if (--looking === 0 && original !== undefined) {
        console.warn = original;
        original = undefined;
      }
    }
  }
}
