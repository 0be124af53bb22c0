// A Robots' own per-line reading (the compact form of lines() in its mode,
// without the empty and comment lines neither reads), made on first use and
// kept until dispose(): explain and crawl-delay both read it.

import type { Robots } from '../rules/robots.js';
import { attached, robotsInternals } from '../rules/own.js';
import { readLines, type LineEvents } from './lines.js';

const READING = Symbol('robotsmatch.reading');

export function readingOf(robots: Robots): LineEvents {
  return attached(robots, READING, () => {
    const { source, maxBytes } = robotsInternals(robots);
    return readLines(source, { mode: robots.mode, maxBytes }, true);
  });
}
