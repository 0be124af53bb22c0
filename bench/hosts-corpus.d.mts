// Types of bench/hosts-corpus.mjs, for the tests that use its corpus.
export interface HostFile {
  host: string;
  robotsTxt: string;
  urls: string[];
}
export function makeHostsCorpus(options?: { files?: number; seed?: number }): HostFile[];
export function corpusStats(corpus: HostFile[]): Record<string, number>;
