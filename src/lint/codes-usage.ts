// The lint codes of the usage statements: Content-Signal, Content-Usage and
// License (checks/usage/). Part of CODES (codes.ts), kept apart for its length.

import { code } from './code-info.js';

export const USAGE_CODES = {
  'usage-outside-group': code(
    'warning',
    'usage',
    'none',
    'A usage line before any User-agent line',
    'This {key} line comes before any User-agent line, so it applies to no crawler: {source} ties it to the crawlers of the group it sits in.',
  ),
  'usage-joins-groups': code(
    'warning',
    'usage',
    'none',
    'A usage line between the User-agent lines of one group',
    'A group ends only at an Allow or Disallow line, not at this {key} line: {before} (line {beforeLine}) and {after} (line {afterLine}) are one group, so {effect}.',
  ),
  'usage-never-applies': code(
    'info',
    'usage',
    'none',
    'Usage preferences for crawlers that may fetch nothing',
    '{who} may fetch no URL of this site ({rule}), and usage preferences speak only to what may be crawled: this {key} line changes nothing for {them}.',
  ),
  'signal-syntax': code(
    'warning',
    'usage',
    'unsafe',
    'A Content-Signal entry that is not `key=value`',
    '`{entry}` is not `key=value`{why}, so crawlers that read Content-Signal ignore it.{suggestion}',
  ),
  'signal-unknown-key': code(
    'warning',
    'usage',
    'unsafe',
    'A Content-Signal key that does not exist',
    'Content-Signal has no key `{key}` (its keys are search, ai-input, ai-train and use), so crawlers that read it ignore `{entry}`.{suggestion}',
  ),
  'signal-invalid-value': code(
    'warning',
    'usage',
    'unsafe',
    'A Content-Signal value other than yes or no',
    '`{key}` takes {expected}, so crawlers that read Content-Signal ignore `{entry}` and read no preference for {key}.{suggestion}',
  ),
  'signal-duplicate-key': code(
    'warning',
    'usage',
    'none',
    'A Content-Signal key given twice with different values',
    '`{key}` is given {count} in this line ({values}): {readers}.',
  ),
  'signal-conflict': code(
    'warning',
    'usage',
    'none',
    'Content-Signal lines that disagree for the same crawlers',
    'Line {line} says `{here}` and line {other} says `{there}`, and {who} {read} both lines (their groups merge): robotsmatch, and crawlers that combine preferences as the AIPREF drafts do, read the most restrictive, `{strictest}`; others may take either line.',
  ),
  'usage-overruled-by-signal': code(
    'warning',
    'usage',
    'none',
    'A Content-Usage yes that a Content-Signal no overrules',
    '`{label}=y` here says yes to {use}{path}, but the Content-Signal on line {line} says `{key}=no` to the same crawlers ({who}): robotsmatch, and crawlers that combine preferences as the AIPREF drafts do, read no.',
  ),
  'signal-not-inherited': code(
    'warning',
    'usage',
    'none',
    "A crawler with its own group does not get the `*` group's Content-Signal",
    '{who} {follow} this group, not the `*` group, so the Content-Signal on line {line} (`{value}`) does not reach {them}: a signal belongs to the group it is in, and this group has none. If it should apply to {them}, add the line to this group.',
  ),
  'usage-unparsed': code(
    'warning',
    'usage',
    'unsafe',
    'Content-Usage preferences that do not parse',
    '`{prefs}` does not parse as AI preferences ({error}), so crawlers that read them take every preference on this line as unknown.{suggestion}',
  ),
  'usage-no-preference': code(
    'warning',
    'usage',
    'unsafe',
    'A Content-Usage value that states no preference',
    '`{entry}` states no preference: {why}, so crawlers that read AI preferences take `{label}` as unknown.{suggestion}',
  ),
  'usage-unknown-label': code(
    'warning',
    'usage',
    'unsafe',
    'An AIPREF label crawlers ignore',
    '`{label}` is {status}, and crawlers that read AI preferences ignore labels they do not know: `{entry}` states no preference.{suggestion}',
  ),
  'usage-duplicate-label': code(
    'warning',
    'usage',
    'none',
    'An AIPREF label given twice with different values',
    '`{label}` is given {count} in this line ({values}) and the last one counts: crawlers that read AI preferences read {result}.',
  ),
  'license-not-url': code(
    'warning',
    'usage',
    'unsafe',
    'A License that is not a full URL',
    'RSL needs the full URL of the license (`https://...`) and {what}, so crawlers that honour RSL find no license here.',
  ),
} as const;
