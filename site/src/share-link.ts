// The page's state in the URL fragment, so that a link reproduces a test.
// The fragment never reaches a server, so a link works on any static host
// and says nothing to it. The JSON is compressed (deflate-raw) where the
// browser has CompressionStream, which a large URL list needs; else it
// travels plain.
//
//   #z=<base64url of deflate-raw JSON>   or   #j=<base64url of JSON>

import { toBase64Url, fromBase64Url } from './base64url.js';
import { stateFrom, type PageState } from './page-state.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function throughStream(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const piped = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

const canCompress = () => typeof CompressionStream === 'function' && typeof DecompressionStream === 'function';

/** The fragment (without `#`) that holds `state`. */
export async function fragmentOf(state: PageState): Promise<string> {
  const json = encoder.encode(JSON.stringify(state));
  if (!canCompress()) return `j=${toBase64Url(json)}`;
  return `z=${toBase64Url(await throughStream(json, new CompressionStream('deflate-raw')))}`;
}

/**
 * The most a link's state may unpack to. A link is at most 2 MiB, but
 * deflate packs a run of one byte about a thousand to one: 82 KB of link
 * can hold 60 MB of text, which would keep the page busy for a minute.
 * 8 MiB holds the largest test a link can carry in earnest (100,000 URLs
 * of about 80 characters and a file of 500 KB, what crawlers read).
 */
export const MAX_STATE_BYTES = 8 * 1024 * 1024;

/** What a fragment gave: a state, or why it gave none. */
export type Restored =
  | { state: PageState }
  /** unreadable: cut short or edited; too-big: it unpacks to more than MAX_STATE_BYTES. */
  | { problem: 'unreadable' | 'too-big' };

/** Inflates `bytes`, stopping as soon as the output passes `limit` bytes (then undefined). */
async function inflateAtMost(bytes: Uint8Array, limit: number): Promise<Uint8Array | undefined> {
  const reader = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw'))
    .getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * The state a fragment holds; undefined when it holds none (an ordinary
 * anchor), a problem when it cannot be read (cut short when copied) or
 * unpacks to more than MAX_STATE_BYTES: the page then starts as it would
 * without it, and says why.
 */
export async function stateOfFragment(fragment: string): Promise<Restored | undefined> {
  const match = /^#?([zj])=([A-Za-z0-9_-]*)$/.exec(fragment);
  if (!match) return undefined;
  try {
    let bytes: Uint8Array | undefined = fromBase64Url(match[2]!);
    if (match[1] === 'z') {
      if (!canCompress()) return { problem: 'unreadable' };
      bytes = await inflateAtMost(bytes, MAX_STATE_BYTES);
      if (!bytes) return { problem: 'too-big' };
    }
    if (bytes.length > MAX_STATE_BYTES) return { problem: 'too-big' };
    return { state: stateFrom(JSON.parse(decoder.decode(bytes))) };
  } catch {
    return { problem: 'unreadable' };
  }
}
