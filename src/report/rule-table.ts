// The compiled table as the explain view reads it: the groups an agent
// index applies, each group's rules, and the core's own path preparation
// and pattern matching. Nothing here is on the matching path, so a bundle
// that only matches leaves it out.

import { Layout } from '../core/layout.js';
import { applyingGroups } from '../rules/usage-table.js';
import { typeError } from '../common/errors.js';
import type { Compiled, RuleType, Verdict } from '../rules/compiled.js';
import { Export } from '../core/exports.js';

/** A rule of the applying groups that matches the path. */
export interface Candidate {
  line: number;
  type: RuleType;
  /** The pattern as written in the file. */
  pattern: string;
  /** Google's priority: the length in bytes of the pattern as matched (normalised). */
  priority: number;
  /** True for the directory (`<dir>/$`) that Google's index.html rule allows. */
  indexHtml?: true;
}

/** The groups an index applies (ascending: file order), and whether they name the agent. */
export function groupsOf(compiled: Compiled, index: number): { groups: number[]; specific: boolean } {
  return {
    groups: applyingGroups(compiled, index),
    specific: compiled.core.u32[(index + Layout.A_KIND) >>> 2] === Layout.SELECT_SPECIFIC,
  };
}

/** A crawler's token (its index among the tokens) that chose the index's groups; -1 when none did. */
export function chosenToken(compiled: Compiled, index: number): number {
  return compiled.core.u32[(index + Layout.A_CHOSEN) >>> 2]! | 0;
}

/**
 * Rule `index` as a candidate: its line, type and pattern as written, its
 * priority (the matched pattern's length in bytes) and whether it is
 * Google's implied `<dir>/$` allow of an `index.htm` rule (reported as the
 * rule it came from).
 */
export function candidateOf(compiled: Compiled, index: number): Candidate {
  const robots = compiled.live();
  const u32 = compiled.core.u32;
  const record = robots + u32[(robots + Layout.R_RULES) >>> 2]! + index * Layout.RULE_SIZE;
  const { type, pattern } = compiled.rule(index)!;
  const candidate: Candidate = {
    line: u32[(record + Layout.RULE_LINE) >>> 2]!,
    type,
    pattern,
    priority: u32[(record + Layout.RULE_LENGTH) >>> 2]! & 0xffff,
  };
  if (u32[(record + Layout.RULE_FLAGS) >>> 2]! & Layout.RULE_IMPLIED) candidate.indexHtml = true;
  return candidate;
}

/** check()'s verdict for `url` from `index`, and whether Google's index.html rule decided it. */
export function verdictOf(compiled: Compiled, index: number, url: string): { verdict: Verdict; indexHtml: boolean } {
  const at = compiled.decide(index, url);
  const rule = compiled.core.u32[(at + Layout.V_RULE) >>> 2]! | 0;
  // Read before any other call into the core, which may reuse the verdict record.
  const verdict = compiled.verdict(at);
  return { verdict, indexHtml: rule >= 0 && candidateOf(compiled, rule).indexHtml === true };
}

/**
 * Prepares `url`'s path for ruleMatches() and returns it as the rules see
 * it; `always` when RFC mode allows it whatever the rules (/robots.txt).
 */
export function preparePath(compiled: Compiled, url: string): { path: string; always: boolean } {
  const robots = compiled.live();
  const core = compiled.core;
  if (typeof url !== 'string') throw typeError('url', 'a string', url);
  const result = core.exports[Export.explainPath](robots, core.writeShort(url));
  const always = result < 0;
  return { path: core.read(core.exports[Export.matchedPathAt](), always ? -1 - result : result), always };
}

/**
 * The rules of the index's applying groups that match the path preparePath()
 * prepared, in file order: the core's own matching, behind check()'s
 * prefilter, in one call.
 */
export function matchingRules(compiled: Compiled, index: number): Uint32Array {
  compiled.live();
  const core = compiled.core;
  const count = core.exports[Export.matchingRules](index);
  const at = core.exports[Export.matches]() >>> 2;
  return core.u32.slice(at, at + count);
}
