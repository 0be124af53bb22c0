// Which rules apply to a crawler (SPEC 2.3-2.4), and the verdict for a path
// (SPEC 3.4-3.7) under Google's precedence: longest pattern wins, allow wins
// ties, the first of equal rules is the one reported.

import { lower } from "./bytes";
import { patternMatches } from "./match";
import {
  R_GROUP_COUNT, R_GROUPS, R_TOKENS, R_RULES, R_ARENA,
  G_TOKEN_START, G_TOKEN_COUNT, G_RULE_START, G_RULE_COUNT, G_GLOBAL, G_SIZE,
  T_OFFSET, T_LENGTH, T_SIZE,
  RULE_LINE, RULE_FLAGS, RULE_PATTERN, RULE_LENGTH, RULE_SIZE, RULE_ALLOW,
  S_KIND, S_COUNT, S_ROBOTS, S_GROUP_COUNT, S_RULES, S_GROUPS, SELECT_NONE, SELECT_SPECIFIC, SELECT_GLOBAL,
  V_ALLOWED, V_LINE, V_RULE, V_SIZE,
} from "./layout";

export const VERDICT = memory.data(V_SIZE);

/** Does the group name one of the agents ('\n'-separated, `count` of them)? */
function namesAgent(robots: usize, group: usize, agents: usize, agentsLen: usize, count: u32): bool {
  let tokens = robots + load<u32>(robots + R_TOKENS);
  let arena = robots + load<u32>(robots + R_ARENA);
  let first = load<u32>(group + G_TOKEN_START);
  let n = load<u32>(group + G_TOKEN_COUNT);
  for (let t = first; t < first + n; t++) {
    let token = tokens + <usize>t * T_SIZE;
    let bytes = arena + load<u32>(token + T_OFFSET);
    let len = <usize>load<u32>(token + T_LENGTH);
    let a = agents;
    let end = agents + agentsLen;
    for (let i: u32 = 0; i < count; i++) {
      let e = a;
      while (e < end && load<u8>(e) != 0x0a) e++;
      if (e - a == len && equalFolded(a, bytes, len)) return true;
      a = e + 1;
    }
  }
  return false;
}

function equalFolded(a: usize, lowered: usize, n: usize): bool {
  for (let i: usize = 0; i < n; i++) {
    if (lower(load<u8>(a + i)) != <u32>load<u8>(lowered + i)) return false;
  }
  return true;
}

/**
 * Resolves the groups for a crawler once: the rules of every group naming one
 * of its tokens, else of every `*` group, else none. Returns a heap block the
 * caller frees with heap.free.
 */
export function select(robots: usize, agents: usize, agentsLen: usize, count: u32): usize {
  let groups = robots + load<u32>(robots + R_GROUPS);
  let groupCount = load<u32>(robots + R_GROUP_COUNT);
  let specific = false;
  for (let g: u32 = 0; g < groupCount && !specific; g++) {
    specific = namesAgent(robots, groups + <usize>g * G_SIZE, agents, agentsLen, count);
  }
  // Two passes over the groups: count, then fill an exactly sized block.
  let sel: usize = 0;
  let applying: u32 = 0;
  let ruleTotal: u32 = 0;
  for (let pass = 0; pass < 2; pass++) {
    if (pass == 1) {
      sel = heap.alloc(S_GROUPS + <usize>(applying + ruleTotal) * 4);
      store<u32>(sel + S_KIND, applying == 0 ? SELECT_NONE : specific ? SELECT_SPECIFIC : SELECT_GLOBAL);
      store<u32>(sel + S_COUNT, ruleTotal);
      store<u32>(sel + S_ROBOTS, <u32>robots);
      store<u32>(sel + S_GROUP_COUNT, applying);
      store<u32>(sel + S_RULES, <u32>(S_GROUPS + <usize>applying * 4));
    }
    let groupAt = sel + S_GROUPS;
    let ruleAt = sel + S_GROUPS + <usize>applying * 4;
    let a: u32 = 0;
    let n: u32 = 0;
    for (let g: u32 = 0; g < groupCount; g++) {
      let group = groups + <usize>g * G_SIZE;
      let applies = specific
        ? namesAgent(robots, group, agents, agentsLen, count)
        : load<u32>(group + G_GLOBAL) != 0;
      if (!applies) continue;
      if (pass == 1) store<u32>(groupAt + <usize>a * 4, g);
      a++;
      let first = load<u32>(group + G_RULE_START);
      let rules = load<u32>(group + G_RULE_COUNT);
      for (let r = first; r < first + rules; r++) {
        if (pass == 1) store<u32>(ruleAt + <usize>n * 4, r);
        n++;
      }
    }
    applying = a;
    ruleTotal = n;
  }
  return sel;
}

/** Decides a path against a selection and writes the verdict to VERDICT. */
export function decide(sel: usize, path: usize, pathLen: usize): usize {
  let robots = <usize>load<u32>(sel + S_ROBOTS);
  let rules = robots + load<u32>(robots + R_RULES);
  let arena = robots + load<u32>(robots + R_ARENA);
  let count = load<u32>(sel + S_COUNT);
  let indices = sel + load<u32>(sel + S_RULES);
  // Priorities start below an empty pattern's 0, so an empty rule that
  // matches is remembered (and reported) but cannot disallow.
  let allowPriority: i32 = -1, allowRule: i32 = -1;
  let disallowPriority: i32 = -1, disallowRule: i32 = -1;
  for (let i: u32 = 0; i < count; i++) {
    let index = load<u32>(indices + <usize>i * 4);
    let rule = rules + <usize>index * RULE_SIZE;
    let length = <i32>load<u32>(rule + RULE_LENGTH);
    let flags = load<u32>(rule + RULE_FLAGS);
    let allow = (flags & RULE_ALLOW) != 0;
    if (length <= (allow ? allowPriority : disallowPriority)) continue;
    if (!patternMatches(arena + load<u32>(rule + RULE_PATTERN), <usize>length, flags, path, pathLen)) continue;
    if (allow) { allowPriority = length; allowRule = <i32>index; }
    else { disallowPriority = length; disallowRule = <i32>index; }
  }
  let disallowed = disallowPriority > allowPriority && disallowPriority > 0;
  let decidingRule = disallowPriority > allowPriority ? disallowRule : allowRule;
  store<i32>(VERDICT + V_ALLOWED, disallowed ? 0 : 1);
  store<i32>(VERDICT + V_LINE, decidingRule < 0 ? 0 : <i32>load<u32>(rules + <usize>decidingRule * RULE_SIZE + RULE_LINE));
  store<i32>(VERDICT + V_RULE, decidingRule);
  return VERDICT;
}
