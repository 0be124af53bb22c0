// The library's messages quote file text between backticks (`Disallow: /x`);
// on the page those parts are set as code, so they read as file text.

import { h } from './dom.js';

/** `text` as nodes: plain runs as text, backtick-quoted runs as <code>. */
export function withCode(text: string): Node[] {
  const nodes: Node[] = [];
  const parts = text.split('`');
  // An odd count of backticks leaves the last part unquoted.
  const quoted = parts.length % 2 === 1 ? parts.length : parts.length - 1;
  parts.forEach((part, i) => {
    if (part === '' && i % 2 === 0) return;
    if (i % 2 === 1 && i < quoted) nodes.push(h('code', {}, part));
    else nodes.push(document.createTextNode(i % 2 === 1 ? `\`${part}` : part));
  });
  return nodes;
}
