// robotsmatch/lint: the linter, its fixes and diff, a subpath of its own so
// that apps that parse and match do not carry its messages. It uses the main
// entry's core.
export { lint } from './lint/lint.js';
export type { Diagnostic, DiagnosticCode, Severity, Fix, FixSafety, LintOptions, LintSource } from './lint/lint.js';
export { applyFixes } from './lint/fixes.js';
export type { ApplyOptions } from './lint/fixes.js';
export { CODES, ALL_CODES, docsPath } from './lint/codes.js';
export type { CodeInfo, FixKind, Family } from './lint/codes.js';
export { diff, UrlDiff } from './lint/diff.js';
export type { RobotsDiff, AgentDiff, RuleRef, PathChange, UrlChange, DiffOptions } from './lint/diff.js';
export { formatText } from './lint/format/text.js';
export { formatGithub, githubAnnotation } from './lint/format/github.js';
export { formatSarif } from './lint/format/sarif.js';
export type { SarifFile } from './lint/format/sarif.js';
export { formatFixDiff } from './lint/format/fix-diff.js';
