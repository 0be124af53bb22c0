// Standard output and error as the commands use them: writes that stop
// quietly once the reader has gone (`robotsmatch ... | head -1`), so the
// exit status is always that of what was found, and colour where the
// user's terminal (or NO_COLOR, FORCE_COLOR, --color) asks for it.

let closed = false;
const waiting: (() => void)[] = [];

/**
 * Once standard output's reader has gone (EPIPE), every later write is
 * dropped and the command goes on to its own exit status. Any other write
 * error is one line on stderr and exit 2.
 */
export function guardStdout(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') {
      closed = true;
      for (const wake of waiting.splice(0)) wake();
      return;
    }
    if (closed) return;
    process.stderr.write(`robotsmatch: cannot write the output: ${error.message}\n`);
    process.exit(2);
  });
}

/** True once nobody reads standard output any more: a command may stop early when that cannot change its exit status. */
export function stdoutClosed(): boolean {
  return closed;
}

/** Writes to standard output, unless its reader has gone. */
export function out(text: string | Uint8Array): void {
  if (!closed) process.stdout.write(text);
}

/** out() for streams of output: waits while standard output's buffer is full (or until its reader goes). */
export async function outDrained(chunk: string | Uint8Array): Promise<void> {
  if (closed || process.stdout.write(chunk)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      process.stdout.off('drain', done);
      resolve();
    };
    waiting.push(done);
    process.stdout.once('drain', done);
  });
}

/**
 * out() for a buffer the caller will write into again: resolves once the
 * write is done with it (or standard output's reader has gone), so that
 * one buffer can carry a whole stream of output.
 */
export async function outWritten(chunk: Uint8Array): Promise<void> {
  if (closed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      const i = waiting.indexOf(done);
      if (i >= 0) waiting.splice(i, 1);
      resolve();
    };
    waiting.push(done);
    process.stdout.write(chunk, done);
  });
}

// ---- Colour ---------------------------------------------------------------

export type ColorWhen = 'auto' | 'always' | 'never';
let when: ColorWhen = 'auto';

export function setColor(value: ColorWhen): void {
  when = value;
}

/**
 * Whether to colour what goes to `stream`: --color=always|never decide;
 * else FORCE_COLOR (set and not 0 or false: colour; 0 or false: none), else
 * NO_COLOR (set and not empty: none), else only on a terminal (not TERM=dumb).
 */
export function colorFor(stream: { isTTY?: boolean }): boolean {
  if (when !== 'auto') return when === 'always';
  const force = process.env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  if (process.env.NO_COLOR) return false;
  return stream.isTTY === true && process.env.TERM !== 'dumb';
}

const sgr = (open: number, close: number) => (on: boolean, text: string) =>
  on ? `\x1b[${open}m${text}\x1b[${close}m` : text;

/** The palette: verdicts and severities, each a colour a user can read on dark and light terminals alike. */
export const paint = {
  allowed: sgr(32, 39), // green
  disallowed: sgr(31, 39), // red
  error: sgr(31, 39),
  warning: sgr(33, 39), // yellow
  note: sgr(36, 39), // cyan
  bold: sgr(1, 22),
  dim: sgr(2, 22),
};

/** Colour for standard output / standard error, as decided now. */
export const colorOut = () => colorFor(process.stdout);
export const colorErr = () => colorFor(process.stderr);

/** Writes a line to stderr, its leading `robotsmatch:` in yellow where colour is on (a warning). */
export function warn(line: string): void {
  process.stderr.write(
    line.startsWith('robotsmatch:')
      ? paint.warning(colorErr(), 'robotsmatch:') + line.slice('robotsmatch:'.length)
      : line,
  );
}

/** A failure's line on stderr, its leading `robotsmatch:` in red where colour is on. */
export function failure(line: string): void {
  process.stderr.write(
    line.startsWith('robotsmatch:')
      ? paint.error(colorErr(), 'robotsmatch:') + line.slice('robotsmatch:'.length)
      : line,
  );
}
