// The compiled table as the explain view reads it: the groups an agent
// index applies, each group's rules, and the core's own path preparation
// and pattern matching, one rule at a time. Nothing here is on the
// matching path, so a bundle that only matches leaves it out.

import { L } from '../core/layout.js';
import { typeError } from '../common/errors.js';
import type { Compiled, RuleType } from '../rules/compiled.js';

/** The groups an index applies, and whether they name the agent. */
export function groupsOf(compiled: Compiled, index: number): { groups: Set<number>; specific: boolean } {
  const u32 = compiled.core.u32;
  const at = index >>> 2;
  const count = u32[at + (L.A_GROUP_COUNT >> 2)]!;
  const first = (index + u32[at + (L.A_GROUPS >> 2)]!) >>> 2;
  const groups = new Set<number>();
  for (let i = 0; i < count; i++) groups.add(u32[first + i]!);
  return { groups, specific: u32[at + (L.A_KIND >> 2)] === L.SELECT_SPECIFIC };
}

/** A crawler's token (its index among the tokens) that chose the index's groups; -1 when none did. */
export function chosenToken(compiled: Compiled, index: number): number {
  return compiled.core.u32[(index + L.A_CHOSEN) >>> 2]! | 0;
}

/** The rules of group `group`: indexes start .. start + count - 1, in file order. */
export function groupRules(compiled: Compiled, group: number): { start: number; count: number } {
  const robots = compiled.live();
  const u32 = compiled.core.u32;
  const at = (robots + u32[(robots + L.R_GROUPS) >>> 2]! + group * L.G_SIZE) >>> 2;
  return { start: u32[at + (L.G_RULE_START >> 2)]!, count: u32[at + (L.G_RULE_COUNT >> 2)]! };
}

/**
 * One rule: its line, type and pattern as written, its priority (the
 * matched pattern's length in bytes) and whether it is Google's implied
 * `<dir>/$` allow of an `index.htm` rule (reported as the rule it came from).
 */
export function ruleInfo(compiled: Compiled, index: number): { line: number; type: RuleType; pattern: string; priority: number; indexHtml: boolean } {
  const robots = compiled.live();
  const u32 = compiled.core.u32;
  const record = robots + u32[(robots + L.R_RULES) >>> 2]! + index * L.RULE_SIZE;
  const rule = compiled.rule(index)!;
  return {
    line: u32[(record + L.RULE_LINE) >>> 2]!,
    type: rule.type,
    pattern: rule.pattern,
    priority: u32[(record + L.RULE_LENGTH) >>> 2]! & 0xffff,
    indexHtml: (u32[(record + L.RULE_FLAGS) >>> 2]! & L.RULE_IMPLIED) !== 0,
  };
}

/**
 * Prepares `url`'s path for ruleMatches() and returns it as the rules see
 * it; `always` when RFC mode allows it whatever the rules (/robots.txt).
 */
export function preparePath(compiled: Compiled, url: string): { path: string; always: boolean } {
  const robots = compiled.live();
  const core = compiled.core;
  if (typeof url !== 'string') throw typeError('url', 'a string', url);
  const result = core.exports.explainPath(robots, core.writeShort(url));
  const always = result < 0;
  return { path: core.read(core.exports.matchedPathAt(), always ? -1 - result : result), always };
}

/** Does rule `index` match the path preparePath() prepared? (The core's matcher.) */
export function ruleMatches(compiled: Compiled, index: number): boolean {
  return compiled.core.exports.ruleMatches(compiled.live(), index) !== 0;
}
