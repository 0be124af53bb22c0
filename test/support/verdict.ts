import { parse, type ParseOptions } from '../../src/index.js';

/** Parses, checks one URL, disposes: the whole public path for one case. */
export function verdict(body: string | Uint8Array, agent: string | string[], url: string, options?: ParseOptions) {
  const robots = parse(body, options);
  try {
    return robots.check(url, agent);
  } finally {
    robots.dispose();
  }
}

export function allowed(
  body: string | Uint8Array,
  agent: string | string[],
  url: string,
  options?: ParseOptions,
): boolean {
  return verdict(body, agent, url, options).allowed;
}

export const RFC: ParseOptions = { mode: 'rfc' };

export function bytes(...parts: (string | number[])[]): Uint8Array {
  const out: number[] = [];
  for (const part of parts) out.push(...(typeof part === 'string' ? new TextEncoder().encode(part) : part));
  return Uint8Array.from(out);
}
