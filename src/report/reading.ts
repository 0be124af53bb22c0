// A Robots' own per-line reading (lines() in its mode), made on first use
// and kept until dispose(): explain and crawl-delay both read it.

import { attached, robotsInternals, type Robots } from '../rules/robots.js';
import { lines, type RobotsLine } from './lines.js';

const READING = Symbol('robotsmatch.reading');

export function readingOf(robots: Robots): RobotsLine[] {
  return attached(robots, READING, () => {
    const { source, maxBytes } = robotsInternals(robots);
    return lines(source, { mode: robots.mode, maxBytes });
  });
}
