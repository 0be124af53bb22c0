// The core's exports by what they do, under the one-letter names the .wasm
// gives them (assembly/index.ts): names are bytes in every bundle that inlines
// the core, and an enum's values are written in place of its names.

export enum X {
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
}
