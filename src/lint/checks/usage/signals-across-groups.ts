// Content-Signal lines read together: what the groups of a file say, crawler by crawler.

import { parseContentSignal, stricter, type SignalValue } from '../../../rules/content-signal.js';
import { parsePreferences } from '../../../rules/preferences.js';
import { preferenceText } from '../../../rules/usage-table.js';
import { listOf } from '../../wording.js';
import type { Findings } from '../../findings.js';
import type { RobotsLine } from '../../model.js';
import { ALL_TOKENS, IGNORES_STAR } from '../../crawlers.js';

// ---- Content-Signal lines read together ----

/**
 * Which Content-Signal lines each crawler reads: those of every group it
 * follows (all `*` groups for `*`, all groups naming a token for it), as
 * usage() reads them. signal-conflict: two of them disagree on a key.
 * signal-not-inherited: a group of its own, with no signal, keeps a crawler
 * that may fetch something from the `*` groups' signal.
 */
export function signalsAcrossGroups(f: Findings): void {
  const m = f.model;
  const signals = new Map<number, RobotsLine[]>(); // group -> its Content-Signal lines
  for (const group of m.groups) {
    if (!group) continue;
    const lines = group.others.filter((o) => (o.key ?? '').toLowerCase() === 'content-signal');
    if (lines.length) signals.set(group.index, lines);
  }
  if (signals.size === 0) return;
  // Each line parsed once; each set of groups a crawler follows read once
  // (a file may have thousands of `*` groups, each with a signal line).
  const values = new Map<RobotsLine, Record<string, SignalValue>>();
  const valuesOf = (l: RobotsLine) => {
    let v = values.get(l);
    if (!v) values.set(l, (v = parseContentSignal(l.value ?? '').values));
    return v;
  };
  /** What a crawler reads: its signal lines, the first giving each key, and the first saying no to each. */
  interface Reading {
    lines: RobotsLine[];
    first: Map<string, RobotsLine>;
    no: Map<string, RobotsLine>;
  }
  const readings = new Map<string, Reading>(); // by the groups followed
  const byToken = new Map<string, Reading>();
  const readingOf = (token: string): Reading => {
    const known = byToken.get(token);
    if (known) return known;
    const groups = token === '*' ? m.star : m.groupsFor(token);
    const id = groups.join();
    let reading = readings.get(id);
    if (!reading) {
      const lines = groups.flatMap((g) => signals.get(g) ?? []).sort((a, b) => a.line - b.line);
      // The first line giving each key, and each later line that gives it another value.
      const first = new Map<string, RobotsLine>();
      const no = new Map<string, RobotsLine>();
      for (const l of lines) {
        for (const [key, value] of Object.entries(valuesOf(l))) {
          if (value === 'no' && !no.has(key)) no.set(key, l);
          const before = first.get(key);
          if (!before) first.set(key, l);
          else if (valuesOf(before)[key] !== value) conflict(l, before, key, token);
        }
      }
      readings.set(id, (reading = { lines, first, no }));
    }
    byToken.set(token, reading);
    return reading;
  };
  const who = (token: string) => (token === '*' ? 'every crawler without a group of its own' : m.displayName(token));

  // Conflicts: a line against the first line that gave the key another value, once per pair and key.
  const conflicts = new Map<string, { here: RobotsLine; other: RobotsLine; key: string; reader: string }>();
  function conflict(here: RobotsLine, other: RobotsLine, key: string, token: string): void {
    const id = `${here.line}:${other.line}:${key}`;
    if (!conflicts.has(id)) conflicts.set(id, { here, other, key, reader: who(token) });
  }
  const tokens = new Set<string>();
  for (const group of m.groups) for (const t of group?.tokens ?? []) if (t !== '') tokens.add(t);
  for (const token of tokens) readingOf(token);
  for (const { here, other, key, reader } of conflicts.values()) {
    const mine = valuesOf(here)[key]!;
    const theirs = valuesOf(other)[key]!;
    f.add('signal-conflict', here.line, {
      line: here.line,
      here: `${key}=${mine}`,
      other: other.line,
      there: `${key}=${theirs}`,
      who: reader,
      read: 'reads',
      strictest: `${key}=${stricter(mine, theirs)}`,
    });
  }

  // A Content-Usage yes whose crawlers read a Content-Signal no for the same use.
  for (const group of m.groups) {
    if (!group) continue;
    const tokens = group.tokens.filter((t) => t !== '');
    for (const u of group.others) {
      if ((u.key ?? '').toLowerCase() !== 'content-usage') continue;
      const prefs = parsePreferences(preferenceText(u.value ?? '')).preferences;
      for (const [label, key, use] of [
        ['train-ai', 'ai-train', 'AI training'],
        ['search', 'search', 'search'],
      ] as const) {
        if (prefs[label] !== 'y') continue;
        let no: RobotsLine | undefined;
        const readers: string[] = [];
        for (const t of tokens) {
          // The most restrictive reading is no when any line it reads says no.
          const line = readingOf(t).no.get(key);
          if (!line) continue;
          no ??= line;
          readers.push(who(t));
        }
        if (!no) continue;
        const path = /^\/[^ \t]*/.exec(u.value ?? '')?.[0];
        f.add('usage-overruled-by-signal', u.line, {
          label,
          use,
          key,
          line: no.line,
          path: path ? ` under ${path}` : '',
          who: listOf(readers, 3, 'more crawlers'),
        });
      }
    }
  }

  // Crawlers whose own groups carry no signal while the `*` groups do.
  const star = readingOf('*').lines;
  if (star.length === 0) return;
  // The registry's crawlers only (a bad-bot list names hundreds that read no
  // signal anyway), each once, on the first group naming it; asked by its
  // token, which is what groups name (`MJ12bot` names `MJ`). Not crawlers
  // that never follow `*` (AdsBot-Google): no `*` line reaches them anyway.
  const told = new Set<string>();
  for (const group of m.groups) {
    if (!group || group.tokens.includes('*')) continue;
    const left = group.tokens.filter(
      (t) =>
        t !== '' &&
        !told.has(t) &&
        ALL_TOKENS.has(t) &&
        !IGNORES_STAR.has(t) &&
        readingOf(t).lines.length === 0 &&
        m.robots.check('/', t).allowed,
    );
    for (const t of left) told.add(t);
    if (left.length === 0) continue;
    const names = left.map((t) => m.displayName(t));
    const first = star[0]!;
    f.add('signal-not-inherited', group.agents[0]!.line, {
      who: listOf(names, 3, 'more crawlers'),
      follow: names.length === 1 ? 'follows' : 'follow',
      line: first.line,
      value: first.value ?? '',
      them: names.length === 1 ? 'it' : 'them',
    });
  }
}
