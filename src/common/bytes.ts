// Byte arrays joined into one new array (never a view of a pooled or shared
// buffer, so the result may be kept, or moved to a worker).

export function concatBytes(
  parts: readonly Uint8Array[],
  length = parts.reduce((n, p) => n + p.length, 0),
): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
