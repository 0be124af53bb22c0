// The core's exports. The TypeScript side writes bytes into INPUT, calls one
// of these, and reads flat records back (layout.ts); no objects cross over.

import { INPUT, EVENTS, PATH, NORMAL, RULES, GROUPS, TOKENS, ARENA, reserve, bufferPtr, release } from "./buffers";
import { parseLines, lastEventCount } from "./parser";
import { compile as compileEvents } from "./compile";
import { select as selectRules, decide } from "./select";
import { extractPath } from "./url";
import { normalize } from "./normalize";
import * as K from "./keywords";
import { MODE_RFC, R_MODE, R_SIZE, S_ROBOTS, V_ALLOWED, V_LINE, V_RULE } from "./layout";
import { VERDICT } from "./select";

/** Room for `size` input bytes; returns where to write them. */
export function input(size: u32): usize {
  return reserve(INPUT, size);
}

/** Parses the input into line events; returns their count (see events()). */
export function scan(len: u32, mode: u32, allLines: bool): u32 {
  return parseLines(bufferPtr(INPUT), len, mode, allLines);
}

/** Where the last scan's or compile's line events are. */
export function events(): usize {
  return bufferPtr(EVENTS);
}

/** Parses and compiles the input; returns the compiled robots (free with dispose). */
export function compile(len: u32, mode: u32): usize {
  let count = parseLines(bufferPtr(INPUT), len, mode, false);
  return compileEvents(bufferPtr(INPUT), count, mode);
}

export function eventCount(): u32 {
  return lastEventCount();
}

export function dispose(block: usize): void {
  heap.free(block);
}

export function size(robots: usize): u32 {
  return load<u32>(robots + R_SIZE);
}

/** Resolves the rules for the agents in the input ('\n'-separated). */
export function select(robots: usize, agentsLen: u32, count: u32): usize {
  return selectRules(robots, bufferPtr(INPUT), agentsLen, count);
}

/** Decides the URL in the input against a selection; returns the verdict record. */
export function check(selection: usize, urlLen: u32): usize {
  let robots = <usize>load<u32>(selection + S_ROBOTS);
  let pathLen = extractPath(bufferPtr(INPUT), urlLen);
  let path = bufferPtr(PATH);
  if (load<u32>(robots + R_MODE) == MODE_RFC) {
    let normal = reserve(NORMAL, pathLen * 3);
    pathLen = normalize(path, pathLen, normal, true, true);
    path = normal;
    if (isRobotsTxt(path, pathLen)) {
      store<i32>(VERDICT + V_ALLOWED, 1);
      store<i32>(VERDICT + V_LINE, 0);
      store<i32>(VERDICT + V_RULE, -1);
      return VERDICT;
    }
  }
  return decide(selection, path, pathLen);
}

/** RFC 9309 2.2.2: the /robots.txt URI is implicitly allowed. */
function isRobotsTxt(path: usize, len: usize): bool {
  let n = K.ROBOTS_TXT_LEN;
  if (len < n || memory.compare(path, K.ROBOTS_TXT, n) != 0) return false;
  return len == n || load<u8>(path + n) == 0x3f;
}

/** Normalises the input (RFC mode rules, SPEC 3.2); returns the length, bytes at normalized(). */
export function normalizeInput(len: u32): u32 {
  let out = reserve(NORMAL, <usize>len * 3);
  return <u32>normalize(bufferPtr(INPUT), len, out, true, true);
}

export function normalized(): usize {
  return bufferPtr(NORMAL);
}

/** Path extraction on its own (SPEC 3.1), for tests and the explain view. */
export function pathOfInput(len: u32): u32 {
  return <u32>extractPath(bufferPtr(INPUT), len);
}

export function path(): usize {
  return bufferPtr(PATH);
}

/** Gives back all scratch memory, e.g. after an unusually large file. */
export function trim(): void {
  release(INPUT); release(EVENTS); release(PATH); release(NORMAL);
  release(RULES); release(GROUPS); release(TOKENS); release(ARENA);
}
