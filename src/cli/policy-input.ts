// What `generate` and `verify` read besides a robots.txt: the policy (a
// JSON file) and a list of URLs or paths to prove, each bounded in size and
// each failure one plain line.

import { readFile, stat } from 'node:fs/promises';
import { MAX_PATHS, type Policy } from '../generate.js';
import { MAX_DEPTH } from '../generate/limits.js';
import { UsageError } from './errors.js';
import { describeFsError } from './robots-source.js';

/** A policy file larger than this is not a policy. */
const MAX_POLICY_BYTES = 1 << 20;
const MAX_URL_LIST_BYTES = 16 << 20;

async function readBounded(path: string, limit: number, what: string): Promise<string> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw Object.assign(new Error('it is a directory'), { code: 'EISDIR' });
    if (info.size > limit)
      throw new UsageError(
        `${what} ${path} is ${info.size.toLocaleString('en-US')} bytes; at most ${limit.toLocaleString('en-US')} are read`,
      );
    return await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read ${what} ${path}: ${describeFsError(error)}`);
  }
}

export async function readPolicy(path: string): Promise<Policy> {
  const text = await readBounded(path, MAX_POLICY_BYTES, 'the policy');
  const depth = nesting(text);
  if (depth > MAX_DEPTH)
    throw new UsageError(
      `the policy ${path} nests more than ${MAX_DEPTH} levels deep; a policy needs five (crawlers.GPTBot.allow[0])`,
    );
  try {
    return JSON.parse(text) as Policy;
  } catch (error) {
    throw new UsageError(`the policy ${path} is not JSON: ${(error as Error).message}`);
  }
}

/** How deep JSON text nests, read before parsing (outside strings), stopping past MAX_DEPTH. */
function nesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length && deepest <= MAX_DEPTH; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') deepest = Math.max(deepest, ++depth);
    else if (c === '}' || c === ']') depth--;
  }
  return deepest;
}

/** --urls FILE: URLs or paths, one a line; blank lines and `#` comments skipped. */
export async function readPaths(path: string): Promise<string[]> {
  const text = await readBounded(path, MAX_URL_LIST_BYTES, 'the URL list');
  const list = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  if (list.length > MAX_PATHS)
    throw new UsageError(
      `--urls ${path} has ${list.length.toLocaleString('en-US')} lines; the proof takes at most ${MAX_PATHS.toLocaleString('en-US')} paths`,
    );
  return list;
}

/** --prepend and --append around the site's file: what the world reads when a managed block is added. */
export function compose(before: Uint8Array | undefined, site: Uint8Array, after: Uint8Array | undefined): Uint8Array {
  const parts: Uint8Array[] = [];
  const newline = new Uint8Array([10]);
  for (const part of [before, site, after]) {
    if (!part) continue;
    if (parts.length && parts[parts.length - 1]![parts[parts.length - 1]!.length - 1] !== 10) parts.push(newline);
    parts.push(part);
  }
  return Buffer.concat(parts);
}
