// The capture keys of an archive, numbered in the order added: their
// UTF-8 bytes one after another in one arena, found through an
// open-addressing table of numbers. A key costs its bytes and about 16 more
// (where it starts, two slots of the table), where a Map of strings costs
// about 120 bytes a key beyond its text: a million origins' keys take
// about 60 MB here, 180 MB in a Map.

/** FNV-1a over bytes [s, e). */
function hashOf(bytes: Uint8Array, s: number, e: number): number {
  let h = 0x811c9dc5;
  for (let i = s; i < e; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

export class KeyTable {
  #arena = Buffer.allocUnsafe(1 << 16);
  /** Key k is arena bytes [starts[k], starts[k + 1]). */
  #starts = new Float64Array(1024);
  /** 0: empty; else 1 + a key's number. */
  #slots = new Int32Array(2048);
  #count = 0;

  get size(): number {
    return this.#count;
  }

  /** Bytes the table takes. */
  get byteSize(): number {
    return this.#arena.length + this.#starts.byteLength + this.#slots.byteLength;
  }

  /** The number of `key`, or -1 when it was never added. */
  get(key: string): number {
    const bytes = Buffer.from(key);
    return this.#find(bytes, hashOf(bytes, 0, bytes.length)) ?? -1;
  }

  /** The number of `key`, added (as the next number) when it was not there. */
  add(key: string): number {
    const bytes = Buffer.from(key);
    const h = hashOf(bytes, 0, bytes.length);
    const found = this.#find(bytes, h);
    if (found !== undefined) return found;
    const k = this.#count;
    const start = this.#starts[k]!;
    while (start + bytes.length > this.#arena.length) {
      const bigger = Buffer.allocUnsafe(this.#arena.length * 2);
      this.#arena.copy(bigger, 0, 0, start);
      this.#arena = bigger;
    }
    this.#arena.set(bytes, start);
    if (k + 1 === this.#starts.length) {
      const bigger = new Float64Array(this.#starts.length * 2);
      bigger.set(this.#starts);
      this.#starts = bigger;
    }
    this.#starts[k + 1] = start + bytes.length;
    this.#count++;
    this.#place(this.#slots, h, k);
    if (this.#count * 2 > this.#slots.length) this.#rehash();
    return k;
  }

  #find(bytes: Buffer, h: number): number | undefined {
    const mask = this.#slots.length - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const held = this.#slots[slot]!;
      if (held === 0) return undefined;
      const s = this.#starts[held - 1]!;
      const e = this.#starts[held]!;
      if (e - s === bytes.length && this.#arena.compare(bytes, 0, bytes.length, s, e) === 0) return held - 1;
    }
  }

  #place(slots: Int32Array, h: number, k: number): void {
    const mask = slots.length - 1;
    let slot = h & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = k + 1;
  }

  #rehash(): void {
    const slots = new Int32Array(this.#slots.length * 2);
    for (let k = 0; k < this.#count; k++)
      this.#place(slots, hashOf(this.#arena, this.#starts[k]!, this.#starts[k + 1]!), k);
    this.#slots = slots;
  }
}
