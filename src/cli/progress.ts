// A progress line on stderr, redrawn in place, only when stderr is a
// terminal, the output goes elsewhere (a file, a pipe) and the input's size
// is known. When the output is the terminal too, its lines would be drawn
// into the bar (`1.21 M/shttps://...`), and they show the progress anyway.

import { plural } from '../common/count.js';

export interface Progress {
  update(urls: number): void;
  done(): void;
}

const NONE: Progress = { update() {}, done() {} };

export function progressLine(
  size: number | undefined,
  read: () => number,
  stream: NodeJS.WriteStream = process.stderr,
  output: { isTTY?: boolean } = process.stdout,
): Progress {
  if (!stream.isTTY || output.isTTY || !size) return NONE;
  const started = performance.now();
  let last = -Infinity; // the first chunk draws at once
  let drawn = false;
  return {
    update(urls) {
      const now = performance.now();
      if (now - last < 200) return;
      last = now;
      const fraction = Math.min(1, read() / size);
      const width = 30;
      const filled = Math.round(fraction * width);
      const rate = urls / ((now - started) / 1000);
      stream.write(
        `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}%  ${plural(urls, 'URL')}  ${(rate / 1e6).toFixed(2)} M/s`,
      );
      drawn = true;
    },
    done() {
      if (drawn) stream.write('\r\x1b[2K');
    },
  };
}
