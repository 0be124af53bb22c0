// The core's allocator, in place of the runtime's TLSF (a third of its size
// in WebAssembly, which every app that parses and matches ships). Freed
// blocks are merged with free neighbours at once and reused, and a free
// block that ends where the blocks end gives its memory back to the top, so
// memory stays bounded by what is live plus fragments, as with TLSF. Free
// blocks are kept in lists by size class (powers of two): an allocation
// takes the first block of a bigger class (any of them fits), else the
// first that fits in its own class, else new memory at the top.
//
// A block is a header word (its size in bytes, header included, a multiple
// of 8; bit 0: free; bit 1: the block before it is free) and its payload,
// 8-byte aligned. A free block keeps its list links in its payload and its
// size again in its last word, for the block after it to find its start.
//
// The debug build keeps the assertions (the release build drops them): a
// double free, a pointer never allocated, or a write past an allocation that
// breaks a header aborts there instead of corrupting memory.

const FREE: u32 = 1;
const PREV_FREE: u32 = 2;
const SIZE_MASK: u32 = ~7;
const MIN_BLOCK: usize = 16; // header, two links, the size at the end
const NEXT: usize = 4;
const PREV: usize = 8;

/** The first free block of each size class. */
const HEADS = memory.data(32 * 4);
/** Bit c: the list of class c is not empty. */
let nonEmpty: u32 = 0;
/** Where the blocks end: memory from here on is unused. */
let top: usize = 0;

@inline function classOf(size: usize): u32 {
  return 31 - <u32>clz<u32>(<u32>size);
}

function unlink(block: usize, size: usize): void {
  let next = load<u32>(block + NEXT);
  let prev = load<u32>(block + PREV);
  let c = classOf(size);
  if (prev) store<u32>(<usize>prev + NEXT, next);
  else {
    store<u32>(HEADS + (<usize>c << 2), next);
    if (!next) nonEmpty &= ~(<u32>1 << c);
  }
  if (next) store<u32>(<usize>next + PREV, prev);
}

/** Marks [block, block + size) free and lists it; the block before it is in use. */
function link(block: usize, size: usize): void {
  store<u32>(block, <u32>size | FREE);
  store<u32>(block + size - 4, <u32>size);
  let after = block + size;
  if (after < top) store<u32>(after, load<u32>(after) | PREV_FREE);
  let c = classOf(size);
  let head = load<u32>(HEADS + (<usize>c << 2));
  store<u32>(block + NEXT, head);
  store<u32>(block + PREV, 0);
  if (head) store<u32>(<usize>head + PREV, <u32>block);
  store<u32>(HEADS + (<usize>c << 2), <u32>block);
  nonEmpty |= <u32>1 << c;
}

/** `n` bytes, 8-byte aligned; traps when memory cannot grow (the wrapper reports that). */
export function allocate(n: usize): usize {
  let need = max<usize>((n + 11) & ~7, MIN_BLOCK);
  if (need < n) unreachable();
  let c = classOf(need);
  let bigger = c < 31 ? nonEmpty & ~((<u32>2 << c) - 1) : 0;
  let block: usize = 0;
  if (bigger) block = load<u32>(HEADS + (<usize>ctz<u32>(bigger) << 2));
  else {
    block = load<u32>(HEADS + (<usize>c << 2));
    while (block && <usize>(load<u32>(block) & SIZE_MASK) < need) block = load<u32>(block + NEXT);
  }
  if (block) {
    if (!ASC_NO_ASSERT) assert(load<u32>(block) & FREE, "a listed block is not free");
    let size = <usize>(load<u32>(block) & SIZE_MASK);
    unlink(block, size);
    if (size - need >= MIN_BLOCK) {
      store<u32>(block, <u32>need);
      link(block + need, size - need);
    } else {
      store<u32>(block, <u32>size);
      let after = block + size;
      if (after < top) store<u32>(after, load<u32>(after) & ~PREV_FREE);
    }
    return block + 4;
  }
  // New memory at the top. Blocks start 4 bytes past a multiple of 8, so
  // that payloads are 8-byte aligned.
  if (!top) top = ((__heap_base + 7) & ~7) + 4;
  block = top;
  let end = <u64>block + <u64>need;
  let pages = <i64>((end + 0xffff) >> 16) - <i64>memory.size();
  if (pages > 0 && memory.grow(<i32>pages) < 0) unreachable();
  top = <usize>end;
  store<u32>(block, <u32>need); // the block before the top is never free: it would have joined the top
  return block + 4;
}

export function release(p: usize): void {
  let block = p - 4;
  if (!ASC_NO_ASSERT) assert(top != 0 && block >= (((__heap_base + 7) & ~7) + 4) && block < top, "not an allocated block");
  let head = load<u32>(block);
  if (!ASC_NO_ASSERT) assert(!(head & FREE), "a block freed twice");
  let size = <usize>(head & SIZE_MASK);
  if (!ASC_NO_ASSERT) assert(size >= MIN_BLOCK && block + size <= top, "a broken block header");
  let after = block + size;
  if (after < top) {
    let next = load<u32>(after);
    if (next & FREE) {
      unlink(after, <usize>(next & SIZE_MASK));
      size += <usize>(next & SIZE_MASK);
    }
  }
  if (head & PREV_FREE) {
    let prevSize = <usize>load<u32>(block - 4);
    if (!ASC_NO_ASSERT) assert(load<u32>(block - prevSize) == (<u32>prevSize | FREE), "a broken free block");
    block -= prevSize;
    unlink(block, prevSize);
    size += prevSize;
  }
  if (block + size == top) top = block;
  else link(block, size);
}

/** `p`'s block with room for `n` bytes, its contents kept (moved when it has to grow). */
export function reallocate(p: usize, n: usize): usize {
  let have = <usize>(load<u32>(p - 4) & SIZE_MASK) - 4;
  if (n <= have) return p;
  let q = allocate(n);
  memory.copy(q, p, have);
  release(p);
  return q;
}
