// A robots.txt as the fixes' effects read it: who each group names, its
// rules, and the parsed file for verdicts. FileModel gives this with the
// whole per-line reading the checks need; describing a fix reads a fixed
// copy of the file, and for those copies the core's groups() (the same
// scan, without an object for every line, comment and blank) is enough.

import { groups as groupsOf, parse, type Robots } from '../index.js';

/** A group's User-agent line, as the effects name crawlers by it. */
interface AgentRef {
  /** The token Google reads (`MJ` for `MJ12bot`), or `*`. */
  agent: string;
  /** The value as written. */
  value: string;
}

export interface EffectsGroup {
  /** The tokens its User-agent lines name, lower-cased, `*` for every crawler. */
  tokens: string[];
  rules: readonly { kind: string; value?: string | undefined }[];
  agents: readonly { agent?: string | undefined; value?: string | undefined }[];
}

/** What effects.ts reads of a file: FileModel has all of it, GroupsModel only it. */
export interface EffectsModel {
  readonly groups: readonly (EffectsGroup | undefined)[];
  readonly named: ReadonlyMap<string, number[]>;
  readonly star: readonly number[];
  readonly robots: Robots;
  /** The groups a crawler with this token follows (Google: every group naming it, else every `*` group). */
  groupsFor(token: string): readonly number[];
  nameOf(token: string): string;
  displayName(token: string): string;
}

export class GroupsModel implements EffectsModel {
  readonly groups: EffectsGroup[] = [];
  readonly named = new Map<string, number[]>();
  readonly star: number[] = [];
  readonly robots: Robots;

  constructor(body: string | Uint8Array, maxBytes: number) {
    this.robots = parse(body, { mode: 'google', maxBytes });
    // Built as FileModel builds its groups, from the same reading of the core's: the same numbers, tokens and order.
    for (const g of groupsOf(this.robots)) {
      const agents: AgentRef[] = g.userAgents.map((a) => ({ agent: a.names, value: a.value }));
      const group: EffectsGroup = {
        tokens: [],
        rules: g.rules.map((r) => ({ kind: r.type, value: r.pattern })),
        agents,
      };
      this.groups[g.index] = group;
      for (const a of agents) {
        const token = a.agent.toLowerCase();
        if (group.tokens.includes(token)) continue;
        group.tokens.push(token);
        if (token === '*') this.star.push(g.index);
        else if (token !== '') {
          const list = this.named.get(token);
          if (!list) this.named.set(token, [g.index]);
          else if (list[list.length - 1] !== g.index) list.push(g.index);
        }
      }
    }
  }

  groupsFor(token: string): number[] {
    return this.named.get(token.toLowerCase()) ?? this.star;
  }

  nameOf(token: string): string {
    return firstAgentLine(this, token)?.agent ?? token;
  }

  displayName(token: string): string {
    return agentDisplayName(firstAgentLine(this, token), token);
  }

  dispose(): void {
    this.robots.dispose();
  }
}

/** The first User-agent line naming `token` (lower-cased), in the first group naming it. */
export function firstAgentLine(
  m: EffectsModel,
  token: string,
): { agent?: string | undefined; value?: string | undefined } | undefined {
  const groups = m.named.get(token.toLowerCase());
  if (!groups) return undefined;
  return m.groups[groups[0]!]!.agents.find((a) => a.agent!.toLowerCase() === token.toLowerCase());
}

/**
 * How messages name a token: as the file writes the crawler's name, with
 * the group Google reads when that is shorter (`MJ12bot (group \`MJ\`)`,
 * as the registry names such crawlers): the name a site owner knows first.
 */
export function agentDisplayName(
  line: { agent?: string | undefined; value?: string | undefined } | undefined,
  token: string,
): string {
  if (!line) return token;
  return line.value !== line.agent && /^[A-Za-z0-9._-]+$/.test(line.value!)
    ? `${line.value} (group \`${line.agent}\`)`
    : line.agent!;
}
