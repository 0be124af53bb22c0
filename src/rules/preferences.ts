// AIPREF usage preferences (draft-ietf-aipref-vocab): an RFC 9651 structured
// field Dictionary whose keys are usage labels (`train-ai`, `search`) and
// whose values are the tokens `y` or `n`. Anything else is an unknown
// preference; a Dictionary that does not parse makes every preference of
// the line unknown. The parse is RFC 9651 section 4.2.2, on the bytes as
// written (the format is ASCII: any other byte fails it).

export type Preference = 'y' | 'n' | 'unknown';

/** One member of the Dictionary, for the linter: what its value was. */
export interface PreferenceEntry {
  label: string;
  /** `y`/`n`: a preference; `token`: another token (`yes`); `string`: a quoted value; `boolean`: no value at all; `other`: a number, date, byte sequence or inner list. */
  kind: 'y' | 'n' | 'token' | 'string' | 'boolean' | 'other';
  /** The value as written (a token's or string's text; '' for a bare label). */
  value: string;
}

export interface ParsedPreferences {
  /** Each label's preference (a repeated label: its last value). Empty when the Dictionary did not parse. */
  preferences: Record<string, Preference>;
  entries: PreferenceEntry[];
  /** Why the Dictionary did not parse, in a plain sentence; absent when it did. */
  error?: string;
}

class SyntaxFailure extends Error {}

const LCALPHA = /[a-z]/;
const KEY_CHAR = /[a-z0-9_\-.*]/;
const TCHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z:/]/;
const BASE64 = /[A-Za-z0-9+/=]/;

/** Parses a preference expression. Never throws. */
export function parsePreferences(text: string): ParsedPreferences {
  const entries = new Map<string, PreferenceEntry>();
  try {
    new DictionaryReader(text).read(entries);
  } catch (failure) {
    if (!(failure instanceof SyntaxFailure)) throw failure;
    return {
      preferences: Object.create(null) as Record<string, Preference>,
      entries: [...entries.values()],
      error: failure.message,
    };
  }
  const preferences = Object.create(null) as Record<string, Preference>;
  for (const entry of entries.values())
    preferences[entry.label] = entry.kind === 'y' || entry.kind === 'n' ? entry.kind : 'unknown';
  return { preferences, entries: [...entries.values()] };
}

/** RFC 9651 4.2: a Dictionary, strictly, one character at a time. */
class DictionaryReader {
  #s: string;
  #i = 0;

  constructor(text: string) {
    this.#s = text;
  }

  #fail(why: string): never {
    throw new SyntaxFailure(why);
  }

  #peek(): string {
    return this.#s[this.#i] ?? '';
  }

  read(entries: Map<string, PreferenceEntry>): void {
    const s = this.#s;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c > 0x7e || (c < 0x20 && c !== 0x09))
        this.#fail(
          `it contains ${c > 0x7e ? 'a non-ASCII character' : 'a control character'}, which a structured field cannot hold`,
        );
    }
    while (this.#peek() === ' ') this.#i++;
    if (this.#i === s.length) return; // an empty field: no preferences
    while (this.#i < s.length) {
      const label = this.#key();
      let entry: PreferenceEntry;
      if (this.#peek() === '=') {
        this.#i++;
        entry = { label, ...this.#memberValue() };
      } else {
        entry = { label, kind: 'boolean', value: '' };
        this.#parameters();
      }
      // A repeated key keeps its first place and takes the last value.
      entries.set(label, entry);
      while (this.#peek() === ' ' || this.#peek() === '\t') this.#i++;
      if (this.#i === s.length) return;
      if (this.#peek() !== ',') this.#fail(`expected a comma after "${label}", found "${this.#peek()}"`);
      this.#i++;
      while (this.#peek() === ' ' || this.#peek() === '\t') this.#i++;
      if (this.#i === s.length) this.#fail('it ends with a comma');
    }
  }

  #key(): string {
    const first = this.#peek();
    if (!LCALPHA.test(first) && first !== '*') {
      if (/[A-Z]/.test(first))
        this.#fail(`labels are lower case: "${this.#word()}" is not a label (write "${this.#word().toLowerCase()}")`);
      this.#fail(first === '' ? 'a label is missing' : `a label cannot start with "${first}"`);
    }
    const start = this.#i;
    while (KEY_CHAR.test(this.#peek())) this.#i++;
    if (/[A-Z]/.test(this.#peek()))
      this.#fail(`labels are lower case: "${this.#s.slice(start, this.#i) + this.#word()}" is not a label`);
    return this.#s.slice(start, this.#i);
  }

  /** The run of label-like characters from here (for messages). */
  #word(): string {
    const rest = /^[A-Za-z0-9_\-.*]*/.exec(this.#s.slice(this.#i))![0];
    return rest;
  }

  #memberValue(): Omit<PreferenceEntry, 'label'> {
    if (this.#peek() === '(') {
      this.#innerList();
      return { kind: 'other', value: '' };
    }
    const item = this.#bareItem();
    this.#parameters();
    return item;
  }

  #innerList(): void {
    this.#i++; // (
    while (this.#i < this.#s.length) {
      while (this.#peek() === ' ') this.#i++;
      if (this.#peek() === ')') {
        this.#i++;
        this.#parameters();
        return;
      }
      this.#bareItem();
      this.#parameters();
      const next = this.#peek();
      if (next !== ' ' && next !== ')') this.#fail('an inner list is not closed properly');
    }
    this.#fail('an inner list is not closed');
  }

  #parameters(): void {
    while (this.#peek() === ';') {
      this.#i++;
      while (this.#peek() === ' ') this.#i++;
      this.#key();
      if (this.#peek() === '=') {
        this.#i++;
        this.#bareItem();
      }
    }
  }

  #bareItem(): Omit<PreferenceEntry, 'label'> {
    const c = this.#peek();
    const start = this.#i;
    if (c === '-' || /[0-9]/.test(c)) {
      this.#number();
      return { kind: 'other', value: this.#s.slice(start, this.#i) };
    }
    if (c === '"') return { kind: 'string', value: this.#string() };
    if (/[A-Za-z*]/.test(c)) {
      this.#i++;
      while (TCHAR.test(this.#peek())) this.#i++;
      const token = this.#s.slice(start, this.#i);
      return { kind: token === 'y' || token === 'n' ? token : 'token', value: token };
    }
    if (c === ':') {
      this.#i++;
      while (BASE64.test(this.#peek())) this.#i++;
      if (this.#peek() !== ':') this.#fail('a byte sequence is not closed');
      if (!decodableBase64(this.#s.slice(start + 1, this.#i))) this.#fail('a byte sequence is not valid base64');
      this.#i++;
      return { kind: 'other', value: this.#s.slice(start, this.#i) };
    }
    if (c === '?') {
      this.#i++;
      if (this.#peek() !== '0' && this.#peek() !== '1') this.#fail('a boolean must be ?0 or ?1');
      this.#i++;
      return { kind: 'other', value: this.#s.slice(start, this.#i) };
    }
    if (c === '@') {
      this.#i++;
      this.#number(true);
      return { kind: 'other', value: this.#s.slice(start, this.#i) };
    }
    if (c === '%') {
      this.#displayString();
      return { kind: 'other', value: this.#s.slice(start, this.#i) };
    }
    this.#fail(c === '' ? 'a value is missing after "="' : `a value cannot start with "${c}"`);
  }

  /** RFC 9651 4.2.4: an Integer (at most 15 digits) or a Decimal (12.3 digits). */
  #number(integerOnly = false): void {
    if (this.#peek() === '-') this.#i++;
    if (!/[0-9]/.test(this.#peek())) this.#fail('a number must start with a digit');
    let digits = 0;
    let dot = -1;
    while (true) {
      const c = this.#peek();
      if (/[0-9]/.test(c)) digits++;
      else if (c === '.' && dot < 0 && !integerOnly) {
        if (digits > 12) this.#fail('a decimal has too many digits');
        dot = digits;
      } else break;
      this.#i++;
      if (dot < 0 ? digits > 15 : digits > 15) this.#fail('a number has too many digits');
    }
    if (digits === 0 || (dot >= 0 && (dot === digits || digits - dot > 3))) this.#fail('a number is malformed');
  }

  /** RFC 9651 4.2.5: a String; only \" and \\ are escapes. */
  #string(): string {
    this.#i++; // "
    let out = '';
    while (this.#i < this.#s.length) {
      const c = this.#s[this.#i++]!;
      if (c === '\\') {
        const next = this.#s[this.#i++];
        if (next !== '"' && next !== '\\') this.#fail('a quoted value has an invalid escape');
        out += next;
      } else if (c === '"') return out;
      else if (c === '\t') this.#fail('a quoted value cannot contain a tab');
      else out += c;
    }
    this.#fail('a quoted value is not closed');
  }

  /**
   * RFC 9651 4.2.10: a Display String, %"..." of visible ASCII and spaces
   * with lower-case %xx escapes, which must decode to UTF-8.
   */
  #displayString(): void {
    this.#i++;
    if (this.#peek() !== '"') this.#fail('a display string must start with %"');
    this.#i++;
    const bytes: number[] = [];
    while (this.#i < this.#s.length) {
      const c = this.#s.charCodeAt(this.#i++);
      if (c === 0x22) {
        if (!decodableUtf8(bytes)) this.#fail("a display string's escapes are not UTF-8");
        return;
      }
      if (c < 0x20 || c > 0x7e) this.#fail('a display string cannot contain a tab or control character');
      if (c === 0x25) {
        const hex = this.#s.slice(this.#i, this.#i + 2);
        if (!/^[0-9a-f]{2}$/.test(hex)) this.#fail('a display string has an invalid escape');
        bytes.push(parseInt(hex, 16));
        this.#i += 2;
      } else bytes.push(c);
    }
    this.#fail('a display string is not closed');
  }
}

/**
 * Whether RFC 9651's base64 decoding (4.2.7) takes `text`: padding may be
 * left out, but `=` only pads the last group of four, and a lone sixth bit
 * group (length 1 mod 4) decodes to nothing. Non-zero pad bits are allowed,
 * as the RFC asks of parsers. (This is what atob() accepts: WHATWG's
 * forgiving base64, which the reference implementation uses.)
 */
function decodableBase64(text: string): boolean {
  let body = text;
  if (body.length % 4 === 0)
    body = body.endsWith('==') ? body.slice(0, -2) : body.endsWith('=') ? body.slice(0, -1) : body;
  return body.length % 4 !== 1 && !body.includes('=');
}

/** Whether `bytes` are well-formed UTF-8 (no overlong forms, surrogates or code points past U+10FFFF). */
function decodableUtf8(bytes: readonly number[]): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
    return true;
  } catch {
    return false;
  }
}
