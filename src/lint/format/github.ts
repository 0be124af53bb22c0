// Diagnostics as GitHub Actions workflow commands: each becomes an
// annotation on its line of the pull request's diff.

import type { Diagnostic, Severity } from '../types.js';
import { messageWithDocs } from './docs-name.js';

const LEVEL: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function githubAnnotation(
  level: string,
  file: string,
  line: number | undefined,
  title: string,
  message: string,
  column?: number,
  endColumn?: number,
): string {
  const props = [`file=${escapeProperty(file)}`];
  if (line !== undefined) props.push(`line=${line}`);
  if (column !== undefined) props.push(`col=${column}`);
  if (endColumn !== undefined) props.push(`endColumn=${endColumn}`);
  props.push(`title=${escapeProperty(title)}`);
  return `::${level} ${props.join(',')}::${escapeData(message)}\n`;
}

export function formatGithub(file: string, diagnostics: readonly Diagnostic[]): string {
  let out = '';
  for (const d of diagnostics) {
    const fix = d.fix
      ? `\n${d.fix.safety === 'safe' ? 'Fix' : 'Unsafe fix'}: ${d.fix.lines.length ? d.fix.lines.join(' / ') : 'remove this line'}${d.fix.safety === 'unsafe' ? ` (${d.fix.message})` : ''}`
      : '';
    out += githubAnnotation(
      LEVEL[d.severity],
      file,
      d.line,
      `robotsmatch ${d.code}`,
      messageWithDocs(d) + fix,
      d.column,
      d.endColumn,
    );
  }
  return out;
}
