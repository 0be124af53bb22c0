// A JSON document whose last field is a long array, written an item at a
// time: the same bytes as JSON.stringify(document, null, 2), without holding
// every item (750,000 URL changes were 1.2 GB as one string; 6 million were
// more than a string can hold).

export class JsonArrayWriter {
  private readonly head: string;
  private count = 0;

  /** `fields` are the document's fields before the array; `key` names the array, written last. */
  constructor(fields: Record<string, unknown>, key: string) {
    const empty = JSON.stringify({ ...fields, [key]: [] }, null, 2);
    this.head = empty.slice(0, empty.length - '[]\n}'.length);
  }

  /** The text that puts `item` in the array (the document's opening before the first). */
  item(item: unknown): string {
    const text = JSON.stringify(item, null, 2).replaceAll('\n', '\n    ');
    return (this.count++ === 0 ? `${this.head}[\n    ` : ',\n    ') + text;
  }

  /** The text that ends the document. */
  end(): string {
    return this.count === 0 ? `${this.head}[]\n}\n` : '\n  ]\n}\n';
  }
}
