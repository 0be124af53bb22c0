// Every option of the library in one place, with its default and its check.

import { typeError } from './errors.js';

export type Mode = 'google' | 'rfc';

export interface ParseOptions {
  /** 'google' (default): byte-for-byte Googlebot. 'rfc': RFC 9309's text where Google is lenient. */
  mode?: Mode;
  /** Only this many bytes of the file are parsed (default 512,000: 500 KiB). */
  maxBytes?: number;
}

export const DEFAULT_MAX_BYTES = 512_000;

export interface ResolvedParseOptions {
  mode: Mode;
  maxBytes: number;
}

export function resolveParseOptions(options: ParseOptions | undefined): ResolvedParseOptions {
  if (options === undefined) return { mode: 'google', maxBytes: DEFAULT_MAX_BYTES };
  if (typeof options !== 'object' || options === null) throw typeError('options', 'an object', options);
  const mode = options.mode ?? 'google';
  if (mode !== 'google' && mode !== 'rfc') {
    throw new RangeError(`options.mode must be 'google' or 'rfc', got ${JSON.stringify(mode)}`);
  }
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (typeof maxBytes !== 'number' || !Number.isInteger(maxBytes) || maxBytes < 0 || maxBytes > 0x7fff_ffff) {
    throw new RangeError(`options.maxBytes must be a whole number of bytes from 0 to 2^31-1, got ${String(maxBytes)}`);
  }
  return { mode, maxBytes };
}
