// Which crawler groups the user counts, kept in the extension's storage:
// search and the AI groups until they choose. The groups themselves are the
// worker's (crawler-groups.ts, from the registry); the popup only needs
// their ids, and so stays free of the registry.

import { api } from './browser-api.js';

/** Search and the AI groups: what most people pinning the extension ask about. */
export const DEFAULT_GROUPS: readonly string[] = ['search', 'ai-training', 'ai-search'];

const KEY = 'chosenGroups';

/** The ids of the groups the user counts, from storage (the defaults until they choose). */
export async function chosenGroups(): Promise<string[]> {
  const stored = (await api.storage.local.get(KEY))[KEY];
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [...DEFAULT_GROUPS];
}

export async function saveChosenGroups(ids: readonly string[]): Promise<void> {
  await api.storage.local.set({ [KEY]: [...ids] });
}

/** True when a storage change is a change of the chosen groups. */
export const choiceChanged = (changes: Record<string, unknown>, area: string): boolean =>
  area === 'local' && KEY in changes;
