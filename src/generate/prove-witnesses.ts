// The proof on the witness paths (witness.ts): every crawler's verdict on
// each, in Google's and RFC 9309's readings, against its intended rule set
// read alone, as the matrix does for the policy's paths. Only the cells that
// differ are kept: a file of a thousand rules has thousands of witnesses,
// too many to show as columns. Crawlers that follow the same groups with
// the same intent get the same verdicts, so each such pair is read once.

import { parse, selection, type Mode, type Robots } from '../index.js';
import type { Intent } from './intent.js';
import { byReading, referenceText, verdictProblem } from './matrix.js';
import type { CheckedPolicy } from './policy.js';
import type { WitnessSource } from './witness.js';

export interface WitnessDifference {
  crawler: string;
  path: string;
  /** The deciding line, or the line of the rule the path is a witness for. */
  line?: number;
  message: string;
}

const MODES: readonly Mode[] = ['google', 'rfc'];

export function proveWitnesses(
  policy: CheckedPolicy,
  intents: readonly Intent[],
  text: string | Uint8Array,
  witnesses: ReadonlyMap<string, WitnessSource>,
): WitnessDifference[] {
  if (!witnesses.size) return [];
  const paths = [...witnesses.keys()];
  const files: Record<Mode, Robots> = { google: parse(text, { mode: 'google' }), rfc: parse(text, { mode: 'rfc' }) };
  const opened: Robots[] = [];
  // Intent key and mode -> may the intent fetch each path?
  const wanted = new Map<string, boolean[]>();
  // Mode, groups and intent key -> the paths whose verdict differs, with the reading's sentence and deciding line.
  const found = new Map<string, Map<number, { problem: string; line: number }>>();
  try {
    const wantedFor = (intent: Intent, mode: Mode): boolean[] => {
      const key = `${mode} ${intent.key}`;
      let list = wanted.get(key);
      if (!list) {
        const reference = parse(referenceText(policy, intent.rules), { mode });
        opened.push(reference);
        const own = reference.forAgent('*');
        try {
          list = paths.map((p) => own.isAllowed(p));
        } finally {
          own.dispose();
        }
        wanted.set(key, list);
      }
      return list;
    };
    const out: WitnessDifference[] = [];
    for (const intent of intents) {
      const crawler = {
        name: intent.subject.name,
        tokens: intent.subject.tokens,
        obeysGlobalGroup: intent.subject.obeysGlobalGroup,
      };
      const byMode = {} as Record<Mode, Map<number, { problem: string; line: number }>>;
      for (const mode of MODES) {
        const key = `${mode} ${selection(files[mode], crawler).groups.join(',')} ${intent.key}`;
        let differs = found.get(key);
        if (!differs) {
          differs = new Map();
          const want = wantedFor(intent, mode);
          const matcher = files[mode].forAgent(crawler);
          try {
            paths.forEach((path, i) => {
              if (matcher.isAllowed(path) === want[i]) return;
              const v = matcher.check(path);
              const rule = v.rule ? `${v.rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${v.rule.pattern}` : null;
              differs!.set(i, {
                problem: verdictProblem(
                  { allowed: v.allowed, line: v.line, rule },
                  path,
                  want[i]!,
                  witnesses.get(path)!.line,
                ),
                line: v.line,
              });
            });
          } finally {
            matcher.dispose();
          }
          found.set(key, differs);
        }
        byMode[mode] = differs;
      }
      const indices = [...new Set([...byMode.google.keys(), ...byMode.rfc.keys()])].sort((a, b) => a - b);
      for (const i of indices) {
        const g = byMode.google.get(i);
        const r = byMode.rfc.get(i);
        const path = paths[i]!;
        const line = g?.line || r?.line || witnesses.get(path)!.line;
        for (const problem of byReading({ google: g ? [g.problem] : [], rfc: r ? [r.problem] : [] }))
          out.push({
            crawler: crawler.name,
            path,
            ...(line ? { line } : {}),
            message: `${crawler.name}, ${path}: ${problem}.`,
          });
      }
    }
    return out;
  } finally {
    files.google.dispose();
    files.rfc.dispose();
    for (const r of opened) r.dispose();
  }
}
