// robotsmatch/archive: many hosts offline. A robots.txt archive (WARC, JSON
// Lines, or a directory of files) joined to URLs, with each origin's
// outcome decided by RFC 9309's rules as a live fetch decides it
// (data/fetch-outcomes.json). Node only (it reads files and uses zlib); a
// subpath of its own, using the main entry's core.
export { RobotsArchive } from './archive/archive.js';
export type { ArchiveOptions } from './archive/archive.js';
export type { Capture } from './archive/capture.js';
export { ArchiveError } from './archive/errors.js';
export { openArchive, readPath } from './archive/open.js';
export type { ArchiveOutcome, Resolution } from './archive/resolve.js';
export { ArchiveMatcher, joinArchive } from './archive/join.js';
export type { JoinOptions, AgentVerdict, ArchiveVerdicts, JoinedRow } from './archive/join.js';
export type { RowForm, RowOptions } from './archive/rows.js';
export { RecordLineError } from './archive/batch.js';
export type { RowOutcome } from './archive/verdicts.js';
export { DEFAULT_CACHE_BYTES } from './archive/compiled-cache.js';
