// Generated from assembly/layout.ts and assembly/index.ts by scripts/core-interface.mjs (run by the build): do not edit.
// The core's exports by what they do, under the one-letter names the .wasm
// gives them: names are bytes in every bundle that inlines the core.

export enum Export {
  input = 'a',
  scan = 'b',
  events = 'c',
  compile = 'd',
  dispose = 'e',
  select = 'f',
  check = 'g',
  checkBatch16 = 'h',
  checkLines = 'i',
  verdicts = 'j',
  filterLines = 'k',
  output = 'l',
  filterCounts = 'm',
  normalizeInput = 'n',
  normalized = 'o',
  pathOfInput = 'p',
  path = 'q',
  explainPath = 'r',
  matchedPathAt = 's',
  matchingRules = 't',
  matches = 'u',
  usageRules = 'v',
  purposeTable = 'w',
  disposeIndex = 'x',
  selectCheck = 'y',
}
