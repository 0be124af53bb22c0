// What every lint code declares (codes.ts, codes-usage.ts): severity, family, fix kind, title and message.

/** error: crawlers ignore or misread what you wrote, or the site loses search traffic; warning: some crawler does something you probably did not mean; info: worth knowing. */
export type Severity = 'error' | 'warning' | 'info';

/** The fixes a code may carry: none, only safe ones, only unsafe ones, or either. */
export type FixKind = 'none' | 'safe' | 'unsafe' | 'either';

export type Family = 'file' | 'lines' | 'agents' | 'groups' | 'patterns' | 'sitemaps' | 'usage';

export interface CodeInfo {
  severity: Severity;
  family: Family;
  fix: FixKind;
  /** A short title, for the docs index and SARIF rule names. */
  title: string;
  /** The message, with `{name}` placeholders the check fills in. */
  message: string;
}

export const code = (severity: Severity, family: Family, fix: FixKind, title: string, message: string): CodeInfo => ({
  severity,
  family,
  fix,
  title,
  message,
});
