// The Generate tab's form: presets, the default, a choice per purpose,
// crawlers of their own, Content-Signal values and sitemaps, read as a
// robotsmatch/generate policy. A preset fills the form; the form is the policy.

import {
  PRESETS,
  PRESET_NAMES,
  type Access,
  type Policy,
  type PolicyPurpose,
  type SignalKey,
} from 'robotsmatch/generate';
import { byId, h, replaceChildren } from './dom.js';

const PURPOSES: [PolicyPurpose, string][] = [
  ['search', 'Search'],
  ['ads', 'Ads'],
  ['ai-training', 'AI training'],
  ['ai-search', 'AI search'],
  ['ai-assistant', 'AI assistants'],
  ['user-triggered', 'Fetch for a person'],
  ['archive', 'Archive'],
  ['seo', 'SEO tools'],
  ['social', 'Social'],
  ['other', 'Other'],
];
const SIGNALS: SignalKey[] = ['search', 'ai-input', 'ai-train'];

const words = (text: string) => text.split(/[\s,]+/).filter(Boolean);
const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

export class PolicyForm {
  readonly #preset = byId('gen-preset', HTMLSelectElement);
  readonly #default = byId('gen-default', HTMLSelectElement);
  readonly #disallow = byId('gen-disallow', HTMLInputElement);
  readonly #crawlers = byId('gen-crawlers', HTMLTextAreaElement);
  readonly #sitemaps = byId('gen-sitemaps', HTMLTextAreaElement);
  readonly #purposes = new Map<PolicyPurpose, HTMLSelectElement>();
  readonly #signals = new Map<SignalKey, HTMLSelectElement>();

  constructor(onSubmit: (policy: Policy) => void) {
    replaceChildren(
      this.#preset,
      h('option', { value: '' }, 'nothing (the form below)'),
      ...PRESET_NAMES.map((n) => h('option', { value: n }, n)),
    );
    replaceChildren(
      byId('gen-purposes', HTMLDivElement),
      ...PURPOSES.map(([purpose, title]) => {
        const select = h(
          'select',
          { id: `gen-purpose-${purpose}` },
          h('option', { value: '' }, 'as every crawler'),
          h('option', { value: 'allow' }, 'allow'),
          h('option', { value: 'block' }, 'block'),
        );
        this.#purposes.set(purpose, select);
        return h('label', {}, title, select);
      }),
    );
    replaceChildren(
      byId('gen-signals', HTMLDivElement),
      ...SIGNALS.map((key) => {
        const select = h(
          'select',
          { id: `gen-signal-${key}` },
          h('option', { value: '' }, 'not said'),
          h('option', { value: 'yes' }, 'yes'),
          h('option', { value: 'no' }, 'no'),
        );
        this.#signals.set(key, select);
        return h('label', {}, key, select);
      }),
    );
    this.#preset.addEventListener('change', () => this.fill(PRESETS[this.#preset.value] ?? {}));
    byId('gen-form', HTMLFormElement).addEventListener('submit', (event) => {
      event.preventDefault();
      onSubmit(this.policy());
    });
  }

  /** Shows a policy (a preset) in the form. */
  fill(policy: Readonly<Policy>): void {
    const d = policy.default;
    this.#default.value = d === 'block' ? 'block' : 'allow';
    this.#disallow.value = typeof d === 'object' ? (d.disallow ?? []).join(' ') : '';
    for (const [purpose, select] of this.#purposes) {
      const access =
        policy.purposes?.[purpose] ??
        (['ai-training', 'ai-search', 'ai-assistant'].includes(purpose) ? policy.purposes?.ai : undefined);
      select.value = access === 'allow' || access === 'block' ? access : '';
    }
    this.#crawlers.value = Object.entries(policy.crawlers ?? {})
      .map(([name, a]) => `${name}: ${typeof a === 'string' ? a : JSON.stringify(a)}`)
      .join('\n');
    for (const [key, select] of this.#signals) select.value = policy.signals?.[key] ?? '';
    this.#sitemaps.value = (policy.sitemaps ?? []).join('\n');
  }

  /** The form as a policy (generate() checks it and says what is wrong). */
  policy(): Policy {
    const policy: Policy = {};
    const disallow = words(this.#disallow.value);
    policy.default = this.#default.value === 'block' ? 'block' : disallow.length ? { disallow } : 'allow';
    const purposes: Partial<Record<PolicyPurpose, Access>> = {};
    for (const [purpose, select] of this.#purposes)
      if (select.value === 'allow' || select.value === 'block') purposes[purpose] = select.value;
    if (Object.keys(purposes).length) policy.purposes = purposes;
    const crawlers: Record<string, Access> = {};
    for (const line of lines(this.#crawlers.value)) {
      const at = line.lastIndexOf(':');
      const name = (at < 0 ? line : line.slice(0, at)).trim();
      const value = at < 0 ? 'block' : line.slice(at + 1).trim();
      crawlers[name] =
        value === 'allow' ? 'allow' : value === 'block' ? 'block' : ({ disallow: words(value) } as Access);
    }
    if (Object.keys(crawlers).length) policy.crawlers = crawlers;
    const signals: Partial<Record<SignalKey, 'yes' | 'no'>> = {};
    for (const [key, select] of this.#signals)
      if (select.value === 'yes' || select.value === 'no') signals[key] = select.value;
    if (Object.keys(signals).length) policy.signals = signals;
    const sitemaps = lines(this.#sitemaps.value);
    if (sitemaps.length) policy.sitemaps = sitemaps;
    return policy;
  }
}
