// robotsmatch/generate: a robots.txt from a policy, proved crawler by
// crawler with the same matcher, and verify() for any existing file. A
// subpath of its own: it brings the registry and the linter, and uses the
// main entry's core.
export { generate, GenerateError } from './generate/generate.js';
export type { GenerateResult, GenerateDiagnostic } from './generate/generate.js';
export { verify, MAX_PATHS } from './generate/verify.js';
export type { VerifyResult, VerifyOptions, Difference, DifferenceKind, Note } from './generate/verify.js';
export { PolicyError } from './generate/policy.js';
export type { Policy, Access, AccessRules, DefaultRules, PolicyPurpose, SignalKey } from './generate/policy.js';
export { PRESETS, PRESET_NAMES } from './generate/presets.js';
export { formatMatrix, formatLimits, LIMIT_KINDS } from './generate/format.js';
export type { ProofMatrix, MatrixRow, Cell, Reading, Limit } from './generate/matrix.js';
export { toNextRobots, toNuxtRobots, toAstroRobots } from './generate/adapters.js';
export type { NextRobots, NuxtRobotsConfig, AstroRobotsConfig, AdapterResult } from './generate/adapters.js';
