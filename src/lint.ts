// robotsmatch/lint: the linter (and, next, fixes and diff), a subpath of its
// own so that apps that parse and match do not carry its messages. It uses
// the main entry's core.
export { lint } from './lint/lint.js';
export type { Diagnostic, DiagnosticCode, Severity, LintOptions } from './lint/lint.js';
