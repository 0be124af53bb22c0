// A cheap necessary condition for a wildcard rule to match: the bytes of its
// literal segments, and the pairs of adjacent bytes within a segment, must
// all occur in the path. Marking a path stamps one slot per byte and per pair
// with a generation number (plain byte stores: nothing to clear between
// paths but once every 255);
// a rule keeps up to RULE_SLOTS slots it needs and is skipped, unmatched,
// when one of them carries an old stamp.

const SINGLE_SLOTS: u32 = 256;
const PAIR_SLOTS: u32 = 512;
const STAMPS = memory.data(256 + 512, 16); // a byte per slot: cleared when the generation wraps past 255
let generation: u32 = 0;

export const RULE_SLOTS: u32 = 16; // what a rule needs: u32 count, then 16 u16 slots (36 bytes, X_NEEDS)

/** The slot of the pair (a, b), from the two bytes as one little-endian u16: a + (b << 8). */
@inline function pairSlot(pair: u32): u32 {
  return SINGLE_SLOTS + ((pair * 0x9e3779b1) >> 23);
}

/** Stamps the bytes and byte pairs of a path as present. */
export function markPath(path: usize, len: usize): void {
  if (++generation == 256) { // wrapped: old stamps could look current
    memory.fill(STAMPS, 0, 256 + 512);
    generation = 1;
  }
  let g = <u8>generation;
  // The first byte, then each pair read as one u16 and its second byte.
  // (Paths are never empty; an empty one would only stamp a byte too many.)
  store<u8>(STAMPS + <usize>load<u8>(path), g);
  for (let i: usize = 1; i < len; i++) {
    let pair = <u32>load<u16>(path + i - 1, 0, 1);
    store<u8>(STAMPS + <usize>(pair >> 8), g);
    store<u8>(STAMPS + <usize>pairSlot(pair), g);
  }
}

// The slots a pattern's needs already hold, stamped like STAMPS with a
// generation of their own (STAMPS holds the marked path, which mayMatch
// still reads): a slot is kept once without searching the ones before it.
// No clearing when the generation wraps: a stale stamp can only leave a
// slot out, and fewer needs filter less, never wrongly.
const TAKEN = memory.data((256 + 512) * 4, 16);
let taken: u32 = 0;

/** Writes what a pattern's literal segments need (its '*'s and a final '$' are not literal). */
export function patternNeeds(p: usize, n: usize, needs: usize): void {
  let body = n > 0 && load<u8>(p + n - 1) == 0x24 ? n - 1 : n;
  let count: u32 = 0;
  taken++;
  // Pairs first (they say more), then single bytes, while there is room.
  for (let pass = 0; pass < 2; pass++) {
    for (let i: usize = 0; i < body && count < RULE_SLOTS; i++) {
      let c = <u32>load<u8>(p + i);
      if (c == 0x2a) continue;
      let slot: u32;
      if (pass == 0) {
        if (i + 1 >= body || load<u8>(p + i + 1) == 0x2a) continue;
        slot = pairSlot(<u32>load<u16>(p + i, 0, 1));
      } else {
        slot = c;
      }
      let at = TAKEN + (<usize>slot << 2);
      if (load<u32>(at) != taken) {
        store<u32>(at, taken);
        store<u16>(needs + 4 + (<usize>count << 1), <u16>slot);
        count++;
      }
    }
  }
  store<u32>(needs, count);
}

/** Does the last marked path have everything the rule needs? */
@inline export function hasNeeds(needs: usize): bool {
  let g = generation;
  let count = load<u32>(needs);
  for (let j: u32 = 0; j < count; j++) {
    if (<u32>load<u8>(STAMPS + <usize>load<u16>(needs + 4 + (<usize>j << 1))) != g) return false;
  }
  return true;
}

/**
 * Paths this long or longer are worth the prefilter when rules are scanned
 * (a light index, the explain view): working out what a rule needs costs
 * about what matching it against a short path does, and saves a search of
 * the whole path for every rule a long one cannot match.
 */
export const PREFILTER_PATH: u32 = 256;

// What one rule needs, worked out when rules are scanned.
const NEEDS = memory.data(40, 4);

/** Might the wildcard pattern match the last marked path? False only when it needs a byte or pair the path lacks. */
export function mayMatch(p: usize, n: usize): bool {
  patternNeeds(p, n, NEEDS);
  return hasNeeds(NEEDS);
}
