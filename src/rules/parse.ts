// Text or bytes in, a compiled table in the core out: the one entry to the
// core's parser for matching (docs/behaviour.md, section 1).

import { getCore } from '../core/wasm.js';
import { Layout } from '../core/layout.js';
import { resolveParseOptions, type ParseOptions } from '../common/options.js';
import { Compiled } from './compiled.js';
import { newRobots, robotsInternals, type Robots } from './robots.js';
import { Export } from '../core/exports.js';

/** Parses a robots.txt (text, or bytes as fetched) for matching. */
export function parse(body: string | Uint8Array | ArrayBuffer, options?: ParseOptions): Robots {
  return parseBody(body instanceof ArrayBuffer ? new Uint8Array(body) : body, options, false);
}

/**
 * parse() for bytes the library owns (a fetched body): kept as the Robots'
 * source without a copy.
 */
export function parseOwned(body: Uint8Array, options?: ParseOptions): Robots {
  return parseBody(body, options, true);
}

/** The same body parsed again, in `options`' mode (explain's other mode, RobotsCache.get's copy). */
export function reparse(robots: Robots, options: ParseOptions): Robots {
  const { source, maxBytes } = robotsInternals(robots);
  // Its own bytes: shared, not copied again. They were cut already: the copy is as truncated as the original.
  return parseBody(source, { maxBytes, ...options }, true, robots.truncated);
}

function parseBody(body: string | Uint8Array, options: ParseOptions | undefined, owned: boolean, cut = false): Robots {
  const { mode, maxBytes } = resolveParseOptions(options);
  const core = getCore();
  const written = core.writeBody(body, maxBytes);
  const compiled = new Compiled(
    core,
    core.exports[Export.compile](written.length, mode === 'rfc' ? Layout.MODE_RFC : Layout.MODE_GOOGLE),
  );
  // Bytes are copied (the caller may reuse the buffer); strings are immutable.
  const source =
    typeof body === 'string' ? body : owned ? body.subarray(0, written.length) : body.slice(0, written.length);
  return newRobots(compiled, mode, cut || written.cut, source, maxBytes);
}
