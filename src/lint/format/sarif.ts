// Diagnostics as SARIF 2.1.0, the static-analysis format code-scanning
// tools upload (GitHub code scanning among them): one run, the codes as
// rules, a result per diagnostic.

import { CODES, docsPath, type DiagnosticCode } from '../codes.js';
import type { Diagnostic, Severity } from '../types.js';

const LEVEL: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'note' };

export interface SarifFile {
  file: string;
  diagnostics: readonly Diagnostic[];
}

export function formatSarif(files: readonly SarifFile[], version: string): string {
  const used = [...new Set(files.flatMap((f) => f.diagnostics.map((d) => d.code)))].sort() as DiagnosticCode[];
  const rules = used.map((code) => ({
    id: code,
    name: code.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase()),
    shortDescription: { text: CODES[code].title },
    help: { text: `See ${docsPath(code)} in the robotsmatch package.` },
    defaultConfiguration: { level: LEVEL[CODES[code].severity] },
    properties: { fix: CODES[code].fix },
  }));
  const index = new Map(used.map((c, i) => [c, i]));
  const results = files.flatMap(({ file, diagnostics }) =>
    diagnostics.map((d) => ({
      ruleId: d.code,
      ruleIndex: index.get(d.code),
      level: LEVEL[d.severity],
      message: { text: d.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: toUri(file) },
            region: {
              startLine: d.line,
              ...(d.column === undefined ? {} : { startColumn: d.column }),
              ...(d.endColumn === undefined ? {} : { endColumn: d.endColumn }),
            },
          },
        },
      ],
      ...(d.fix ? { properties: { fixSafety: d.fix.safety, fixedLines: d.fix.lines, fixMessage: d.fix.message } } : {}),
    })),
  );
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: { name: 'robotsmatch', version, informationUri: 'https://www.npmjs.com/package/robotsmatch', rules },
        },
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

/** A file name as a SARIF artifact URI: URLs as they are, paths relative with `/` separators. */
function toUri(file: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(file)) return file;
  return file.split(/[\\/]/).map(encodeURIComponent).join('/');
}
