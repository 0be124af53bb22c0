// What each output form of the archive join writes, as documented
// (docs/cli.md#archive-mode), worked out from ArchiveMatcher.check() one URL
// at a time: the model the bytes-to-bytes rows are held to, in the library
// and through the CLI.
import { isUtf8 } from 'node:buffer';
import type { ArchiveMatcher, ArchiveVerdicts, RowForm } from '../../src/archive.js';

/** A line's label (docs/cli.md): unknown, invalid (no http(s) URL), disallowed for any agent, opted-out for any agent, or allowed. */
export const labelOf = (row: ArchiveVerdicts) =>
  row.outcome === 'unknown' || row.outcome === 'invalid'
    ? row.outcome
    : row.verdicts.some((v) => v.allowed === false)
      ? 'disallowed'
      : row.verdicts.some((v) => v.optedOut)
        ? 'opted-out'
        : 'allowed';

/**
 * What `form` writes for `input`, as documented, from check() URL by URL:
 * lines cut at LF, a CR before LF dropped, decoded as UTF-8 one by one;
 * blank lines (in JSON Lines, white space only too) answered only by
 * labelled and verdicts.
 */
export function documented(
  matcher: ArchiveMatcher,
  input: Uint8Array,
  form: RowForm,
  records: boolean,
  keepUnknown: boolean,
): string {
  let out = '';
  const bytes = lineBytes(input);
  for (const [k, text] of lineTexts(input).entries()) {
    // A blank line: empty, or in JSON Lines white space only (no record).
    if (text === '' || (records && /^[ \t\r]*$/.test(text))) {
      if (form === 'labelled') out += `unknown\t${text}\n`;
      if (form === 'verdicts') out += 'unknown\n';
      continue;
    }
    const record = records ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    const row = matcher.check(record ? (record.url as string) : text);
    const label = labelOf(row);
    const noAnswer = row.outcome === 'unknown' || row.outcome === 'invalid';
    const kept = noAnswer ? keepUnknown : label === 'allowed';
    const blocked = noAnswer
      ? keepUnknown
        ? []
        : row.verdicts.map((v) => v.agent)
      : row.verdicts.filter((v) => v.allowed === false || v.optedOut).map((v) => v.agent);
    switch (form) {
      case 'allowed':
        out += kept ? `${text}\n` : '';
        break;
      case 'disallowed':
        out += kept ? '' : `${text}\n`;
        break;
      case 'labelled':
        out += `${label}\t${text}\n`;
        break;
      case 'verdicts':
        out += `${label}\n`;
        break;
      case 'blocked-agents':
        out += record
          ? `${JSON.stringify({ ...record, outcome: row.outcome, blockedAgents: blocked })}\n`
          : `${row.url}\t${blocked.join(',')}\n`;
        break;
      case 'json':
        for (const v of row.verdicts) {
          // A line that is not UTF-8 keeps its bytes in "urlBytes", base64 (JSON text is UTF-8).
          const own = !record && !isUtf8(bytes[k]!) ? { urlBytes: Buffer.from(bytes[k]!).toString('base64') } : {};
          const fields = {
            url: row.url,
            ...own,
            agent: v.agent,
            allowed: v.allowed,
            line: v.line,
            rule: v.rule,
            outcome: row.outcome,
            ...(row.reason === undefined ? {} : { reason: row.reason }),
          };
          out += `${JSON.stringify(
            v.optedOut === undefined ? { ...record, ...fields } : { ...record, ...fields, optedOut: v.optedOut },
          )}\n`;
        }
    }
  }
  return out;
}

/** The lines of `input` as text: cut at LF, a CR before LF dropped, each decoded as UTF-8 by itself (blank ones too). */
export function lineTexts(input: Uint8Array): string[] {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  return lineBytes(input).map((line) => decoder.decode(line));
}

/** The lines of `input` as bytes: cut at LF, a CR before LF dropped (blank ones too). */
function lineBytes(input: Uint8Array): Uint8Array[] {
  const lines: Uint8Array[] = [];
  for (let s = 0; s < input.length; ) {
    let e = input.indexOf(10, s);
    if (e < 0) e = input.length;
    lines.push(input.subarray(s, e > s && input[e - 1] === 13 ? e - 1 : e));
    s = e + 1;
  }
  return lines;
}
