// Which groups of a robots.txt apply to an agent, and which of its tokens
// chose them: the core's own selection (docs/behaviour.md, section 2; docs/crawlers.md), read back.

import { agentTokens, type Agent, type AgentTokens } from '../rules/agent.js';
import type { Compiled } from '../rules/compiled.js';
import type { Robots } from '../rules/robots.js';
import { robotsInternals } from '../rules/own.js';
import { Layout } from '../core/layout.js';
import { chosenToken, groupsOf } from './rule-table.js';

export interface Selection {
  /** The applying groups' numbers (as groups() numbers them), in file order; empty when none applies. */
  groups: number[];
  /**
   * Whose groups they are: the token that named them (for a crawler, the
   * first of its tokens that a group names; for tokens, the tokens given,
   * joined), `*` for the global group, null when none applies.
   */
  token: string | null;
}

export function selection(robots: Robots, agent: Agent): Selection {
  const { compiled } = robotsInternals(robots);
  const tokens = agentTokens(agent);
  return selectionOf(compiled, compiled.indexForTokens(tokens), tokens);
}

/** selection() for an index already built for `tokens` (explain's). */
export function selectionOf(compiled: Compiled, index: number, tokens: AgentTokens): Selection {
  const { groups, specific } = groupsOf(compiled, index);
  if (!groups.length) return { groups, token: null };
  if (!specific) return { groups, token: '*' };
  const chosen = tokens.how & Layout.HOW_CRAWLER ? chosenToken(compiled, index) : -1;
  if (chosen >= 0) return { groups, token: tokens.tokens[chosen]! };
  // Tokens (a union): the groups of every given token that a group names.
  return { groups, token: tokens.tokens.length === 1 ? tokens.tokens[0]! : tokens.tokens.join(', ') };
}
