// Choosing the groups that apply to an agent (docs/behaviour.md, section 2).

import { lower } from "./bytes";
import { findByte } from "./scan";
import { AGENT_SET, reserve } from "./buffers";
import {
  R_GROUP_COUNT, R_GROUPS, R_TOKENS, R_ARENA, G_TOKEN_START, G_TOKEN_COUNT, G_SIZE, T_OFFSET, T_LENGTH, T_SIZE,
} from "./layout";


// The caller's agents as a hash set (open addressing, linear probing): per
// slot the agent's address (0: empty) and length. Whether a group names one
// of them is then one lookup per token of the group, so choosing the groups
// costs the file's tokens plus the agents, never their product (a caller may
// pass thousands of agents, a file hold thousands of groups).
let agentSlots: usize = 0;
let agentMask: u32 = 0;

/** Fills the set with the agents ('\n'-separated, `count` of them), lower-cased where they are (the input is ours). */
export function collectAgents(agents: usize, agentsLen: usize, count: u32): void {
  let size: u32 = 16;
  while (size < count * 2) size <<= 1; // at most half full: probes stay short
  agentMask = size - 1;
  agentSlots = reserve(AGENT_SET, <usize>size << 3);
  memory.fill(agentSlots, 0, <usize>size << 3);
  let a = agents;
  let end = agents + agentsLen;
  for (let i: u32 = 0; i < count; i++) {
    let e = findByte(a, end, 0x0a);
    for (let p = a; p < e; p++) store<u8>(p, <u8>lower(load<u8>(p)));
    let slot = agentSlot(a, e - a);
    store<u32>(slot, <u32>a);
    store<u32>(slot, <u32>(e - a), 4);
    a = e + 1;
  }
}

/** The slot holding the lower-cased bytes [p, p+n), or the empty slot where they would go. */
function agentSlot(p: usize, n: usize): usize {
  let h: u32 = 0x811c9dc5; // FNV-1a
  for (let i: usize = 0; i < n; i++) h = (h ^ load<u8>(p + i)) * 0x01000193;
  while (true) {
    let at = agentSlots + (<usize>(h & agentMask) << 3);
    let agent = <usize>load<u32>(at);
    if (agent == 0 || (<usize>load<u32>(at, 4) == n && memory.compare(agent, p, n) == 0)) return at;
    h++;
  }
  return 0;
}

/** Does the group name one of the agents collectAgents() took? (Tokens are stored lower-cased.) */
export function namesAgent(robots: usize, group: usize): bool {
  let tokens = robots + load<u32>(robots + R_TOKENS);
  let arena = robots + load<u32>(robots + R_ARENA);
  let first = load<u32>(group + G_TOKEN_START);
  let n = load<u32>(group + G_TOKEN_COUNT);
  for (let t = first; t < first + n; t++) {
    let token = tokens + <usize>t * T_SIZE;
    if (load<u32>(agentSlot(arena + load<u32>(token + T_OFFSET), <usize>load<u32>(token + T_LENGTH))) != 0) return true;
  }
  return false;
}

/** Does any group of `robots` name one of the agents collectAgents() took? */
export function anyGroupNames(robots: usize): bool {
  let groups = robots + load<u32>(robots + R_GROUPS);
  let groupCount = load<u32>(robots + R_GROUP_COUNT);
  for (let g: u32 = 0; g < groupCount; g++) {
    if (namesAgent(robots, groups + <usize>g * G_SIZE)) return true;
  }
  return false;
}
