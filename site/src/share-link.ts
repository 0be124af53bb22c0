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
 * The state a fragment holds; undefined when it holds none (an ordinary
 * anchor) or cannot be read (cut short when copied): the page then starts
 * as it would without it.
 */
export async function stateOfFragment(fragment: string): Promise<PageState | undefined> {
  const match = /^#?([zj])=([A-Za-z0-9_-]*)$/.exec(fragment);
  if (!match) return undefined;
  try {
    let bytes = fromBase64Url(match[2]!);
    if (match[1] === 'z') {
      if (!canCompress()) return undefined;
      bytes = await throughStream(bytes, new DecompressionStream('deflate-raw'));
    }
    return stateFrom(JSON.parse(decoder.decode(bytes)));
  } catch {
    return undefined;
  }
}
