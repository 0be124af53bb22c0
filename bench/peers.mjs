// The libraries a user would otherwise pick, behind one small interface, plus
// the floor of plain JavaScript. Each `open` parses a robots.txt; `allowed`
// answers one URL for one agent, the way that library's users call it.
import { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import { parse as robotsmatchParse } from '../dist/index.js';

const require = createRequire(import.meta.url);
const robotsParser = require('robots-parser');
const guard = require('robots-txt-guard');
const parseForGuard = require('robots-txt-parse');

/** The path+query of an absolute URL, by slicing: what every matcher must at least do. */
export function slicePath(url) {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const hash = url.indexOf('#', start);
  return hash < 0 ? url.slice(start) : url.slice(start, hash);
}

export const peers = {
  'robots-parser': {
    open: (text, robotsUrl) => robotsParser(robotsUrl, text),
    allowed: (robots, url, agent) => robots.isAllowed(url, agent) !== false,
  },
  // robots-txt-parse reads a stream (async); robots-txt-guard takes a path, so
  // it is given the sliced path (cheaper than the new URL() its users write).
  'robots-txt-guard': {
    open: async (text) => guard(await parseForGuard(Readable.from([text]))),
    allowed: (robots, url, agent) => robots.isAllowed(agent, slicePath(url)),
  },
};

export const ours = {
  open: (text, options) => robotsmatchParse(text, options),
};
