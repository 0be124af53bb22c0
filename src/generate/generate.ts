// generate(policy): the robots.txt a policy means, and the proof that it
// does, crawler by crawler, with the matcher crawlers are modelled on.
// It fails, naming the crawler and path, when any cell of the proof
// differs from the intent or the linter warns about the file.

import { PRESETS } from './presets.js';
import { printable } from '../common/printable.js';
import { checkPolicy, type CheckedPolicy, type Policy, type PolicyPurpose } from './policy.js';
import { resolveIntents } from './intent.js';
import { compile, type Compiled } from './compile.js';
import { verifyChecked, type Difference, type VerifyOptions } from './verify.js';
import type { ProofMatrix } from './matrix.js';

export interface GenerateDiagnostic {
  severity: 'info' | 'warning';
  /** What it is about: a pattern re-encoded, a row robots.txt cannot deliver, Host or Crawl-delay asked for. */
  kind:
    | 'encoded'
    | 'purposes'
    | 'bound'
    | 'ignores-robots-txt'
    | 'user-triggered'
    | 'not-documented'
    | 'robots-only-token'
    | 'not-in-registry'
    | 'host'
    | 'crawl-delay';
  message: string;
  /** The policy field (encoded) or the crawler (rows) it is about. */
  field?: string;
  crawler?: string;
  /** purposes: each crawler the field decides for, with the other purposes it serves (the command line lists them a line per purpose). */
  also?: { crawler: string; purposes: string[] }[];
}

export interface GenerateResult {
  text: string;
  matrix: ProofMatrix;
  diagnostics: GenerateDiagnostic[];
  /** The witness paths proved besides the matrix's (verify's `witnesses`). */
  witnesses: { paths: number; cut: boolean };
}

/** The policy cannot be written as a robots.txt that does what it says: `differences` say where. */
export class GenerateError extends Error {
  declare readonly differences: Difference[];
  declare readonly result: GenerateResult;
  constructor(differences: Difference[], result: GenerateResult) {
    super(
      `the generated robots.txt does not do what the policy says: ${differences[0]!.message}${differences.length > 1 ? ` (and ${differences.length - 1} more)` : ''}`,
    );
    this.name = 'GenerateError';
    // Not enumerable: a logged or serialised error stays one message long.
    Object.defineProperty(this, 'differences', { value: differences, enumerable: false });
    Object.defineProperty(this, 'result', { value: result, enumerable: false });
  }
}

export function generate(policy: Policy, options?: VerifyOptions): GenerateResult {
  return build(policy, options).result;
}

/** generate() with the groups it wrote and the policy as checked, for the framework adapters. */
export function build(
  policy: Policy,
  options?: VerifyOptions,
): { result: GenerateResult; compiled: Compiled; checked: CheckedPolicy } {
  const checked = checkPolicy(policy, PRESETS as Record<string, Policy>);
  const intents = resolveIntents(checked);
  const compiled = compile(checked, intents);
  const proof = verifyChecked(checked, intents, compiled.text, options);
  const diagnostics: GenerateDiagnostic[] = [];
  for (const e of checked.encoded) {
    diagnostics.push({
      severity: 'info',
      kind: 'encoded',
      field: e.field,
      message: `\`${e.original}\` is written \`${e.written}\`, as crawlers send it in requests.`,
    });
  }
  // One token, one rule set: a purpose's intent reaches the other purposes its crawlers serve.
  const overridden = new Map<string, { crawler: string; purposes: string[] }[]>();
  for (const i of intents) {
    if (!i.overrides) continue;
    const list = overridden.get(i.from) ?? [];
    list.push({ crawler: i.subject.name, purposes: [...i.overrides] });
    overridden.set(i.from, list);
  }
  for (const [field, also] of overridden) {
    const names = also.map((a) => `${a.crawler} (also ${a.purposes.join(', ')})`);
    const blocks = checked.purposes.get(field.slice('purposes.'.length) as PolicyPurpose)?.kind === 'block';
    diagnostics.push({
      severity: 'info',
      kind: 'purposes',
      field,
      message: `${field} ${blocks ? 'blocks' : 'sets the rules of'} these crawlers for their other purposes too, since one robots.txt token cannot be given two rule sets: ${names.join(', ')}. Name one under \`crawlers\` to decide otherwise.`,
      also,
    });
  }
  // A key that is a shared token binds every crawler answering to it: say whom.
  const boundBy = new Map<string, { token: string; names: string[] }>();
  for (const i of intents) {
    if (i.shared === undefined) continue;
    const b = boundBy.get(i.from) ?? { token: i.shared, names: [] };
    b.names.push(i.subject.name);
    boundBy.set(i.from, b);
  }
  for (const [field, { token, names }] of boundBy)
    diagnostics.push({
      severity: 'info',
      kind: 'bound',
      field,
      message: `${field} also binds ${names.join(', ')}: ${names.length > 1 ? 'they answer' : 'it answers'} to \`${token}\` in robots.txt, so ${names.length > 1 ? 'they follow' : 'it follows'} the same group.`,
    });
  if (checked.host !== undefined)
    diagnostics.push({
      severity: 'info',
      kind: 'host',
      field: 'host',
      message:
        'Host is written because the policy asks for it; Google, Bing and RFC 9309 crawlers ignore it: only Yandex ever used it (to choose the main mirror), and it no longer does.',
    });
  if (checked.crawlDelay !== undefined)
    diagnostics.push({
      severity: 'info',
      kind: 'crawl-delay',
      field: 'crawlDelay',
      message: `Crawl-delay: ${checked.crawlDelay} is written in the groups of crawlers that may read it (Bing, Seznam and others); Google and Yandex ignore it, so their groups alone get none, and bingbot reads the * group's when its own group has none.`,
    });
  for (const n of proof.notes)
    diagnostics.push({
      severity: n.kind === 'not-in-registry' ? 'info' : 'warning',
      kind: n.kind,
      crawler: n.crawler,
      message: n.message,
    });
  for (const d of diagnostics) d.message = printable(d.message);
  const result: GenerateResult = { text: compiled.text, matrix: proof.matrix, diagnostics, witnesses: proof.witnesses };
  const differences = [...proof.differences];
  for (const c of compiled.conflicts) {
    differences.unshift({
      kind: 'verdict',
      crawler: c.crawler,
      message: `${c.crawler} and ${c.with} both answer to \`${c.token}\` in robots.txt, so no file can give them different rules: give them the same intent in the policy (a \`crawlers\` key \`${c.token}\` binds both).`,
    });
  }
  if (differences.length) throw new GenerateError(differences, result);
  return { result, compiled, checked };
}
