// A worker thread of `filter`'s pool (tinypool): compiles the robots.txt
// once, then filters (or describes, URL by URL) the chunks of lines it is handed.

import Tinypool from 'tinypool';
import { parse, type Agent, type FilteredLines } from '../index.js';
import { purpose } from '../usage.js';
import { describeLines, type Describe } from './describe-lines.js';

export type Keep = 'allowed' | 'disallowed' | 'labelled' | 'verdicts';

export interface FilterWorkerData {
  robots: Uint8Array;
  mode: 'google' | 'rfc';
  maxBytes: number | undefined;
  agent: Agent;
  keep: Keep;
  /** filter --purpose: opted-out URLs are not kept as allowed, and are labelled `opted-out`. */
  purpose?: string | undefined;
  /** A record per URL with its rule, instead of the core's filtered lines. */
  describe?: Describe | undefined;
}

const data = Tinypool.workerData as FilterWorkerData;
const options = data.purpose === undefined ? undefined : { purpose: purpose(data.purpose) };
const matcher = parse(data.robots, {
  mode: data.mode,
  ...(data.maxBytes === undefined ? {} : { maxBytes: data.maxBytes }),
}).forAgent(data.agent);

export default function filterChunk(chunk: Uint8Array): FilteredLines {
  return data.describe ? describeLines(matcher, chunk, data.describe) : matcher.filterLines(chunk, data.keep, options);
}
