// UTF-16 in, UTF-8 out. JavaScript strings are UTF-16, and copying their
// units into memory as they are (Node's and Bun's Buffer do it with a plain
// copy) is twice as fast as having the host encode UTF-8. The core then does
// the encoding, exactly as TextEncoder would: a surrogate pair becomes one
// 4-byte character, a lone surrogate becomes U+FFFD.

const NOT_ASCII_UNITS: u64 = 0xff80ff80ff80ff80; // any of four units >= 0x80

/** Encodes `units` UTF-16LE units at `src` as UTF-8 at `dst` (room: 3 bytes per unit); returns the byte count. */
export function utf16ToUtf8(src: usize, units: usize, dst: usize): usize {
  let out = dst;
  let i: usize = 0;
  while (i < units) {
    // Eight ASCII units at a time: keep the low byte of each.
    if (i + 8 <= units) {
      let a = load<u64>(src + (i << 1), 0, 1);
      let b = load<u64>(src + (i << 1), 8, 1);
      if (((a | b) & NOT_ASCII_UNITS) == 0) {
        store<u64>(out, <u64>packUnits(a) | (<u64>packUnits(b) << 32), 0, 1);
        out += 8;
        i += 8;
        continue;
      }
    }
    let c = <u32>load<u16>(src + (i << 1));
    i++;
    if (c < 0x80) {
      store<u8>(out++, <u8>c);
    } else if (c < 0x800) {
      store<u8>(out, <u8>(0xc0 | c >> 6));
      store<u8>(out + 1, <u8>(0x80 | c & 0x3f));
      out += 2;
    } else if ((c & 0xf800) != 0xd800) {
      out = three(out, c);
    } else {
      let next = i < units ? <u32>load<u16>(src + (i << 1)) : 0;
      if (c < 0xdc00 && (next & 0xfc00) == 0xdc00) {
        let code = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        store<u8>(out, <u8>(0xf0 | code >> 18));
        store<u8>(out + 1, <u8>(0x80 | code >> 12 & 0x3f));
        store<u8>(out + 2, <u8>(0x80 | code >> 6 & 0x3f));
        store<u8>(out + 3, <u8>(0x80 | code & 0x3f));
        out += 4;
        i++;
      } else {
        out = three(out, 0xfffd); // a lone surrogate
      }
    }
  }
  return out - dst;
}

/** The low bytes of four ASCII units, as four bytes. */
@inline function packUnits(w: u64): u32 {
  w = (w | w >> 8) & 0x0000ffff0000ffff;
  return <u32>(w | w >> 16);
}

@inline function three(out: usize, c: u32): usize {
  store<u8>(out, <u8>(0xe0 | c >> 12));
  store<u8>(out + 1, <u8>(0x80 | c >> 6 & 0x3f));
  store<u8>(out + 2, <u8>(0x80 | c & 0x3f));
  return out + 3;
}
