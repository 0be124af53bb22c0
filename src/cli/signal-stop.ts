// SIGINT and SIGTERM during a stream of rows. Ending the process at once
// would leave the join's temporary files behind and cut the piece being
// written (standard output to a pipe is written asynchronously: what the
// reader has not taken yet is dropped at exit, so its last line would be
// part of a row). Instead the cleanup runs at once, no further piece is
// started, and the process ends once the piece being written has gone
// whole, by the same signal raised again (endBySignal), as the signal
// would have ended it. A reader that takes nothing more for GRACE_MS, or a
// second signal, ends it without waiting.

import { outWritten } from './output.js';

/** How long a signal waits for the piece being written. */
export const GRACE_MS = 2000;

export class SignalStop {
  #signal: NodeJS.Signals | undefined;
  #writing = false;
  readonly #on = (signal: NodeJS.Signals) => this.#stop(signal);

  /** From now on SIGINT and SIGTERM run `cleanup` (synchronous, once), then end the process as said above. */
  constructor(
    private readonly cleanup: () => void,
    private readonly say: (signal: NodeJS.Signals) => void = () => {},
  ) {
    process.on('SIGINT', this.#on);
    process.on('SIGTERM', this.#on);
  }

  /** Writes a piece to standard output; when a signal came meanwhile, the process ends here, after the whole piece. */
  async write(piece: Uint8Array): Promise<void> {
    this.#writing = true;
    try {
      await outWritten(piece);
    } finally {
      this.#writing = false;
    }
    if (this.#signal) this.#exit();
  }

  /** Signals are the process's default again. */
  close(): void {
    process.off('SIGINT', this.#on);
    process.off('SIGTERM', this.#on);
  }

  #stop(signal: NodeJS.Signals): void {
    if (this.#signal) this.#exit(); // a second signal: no more waiting
    this.#signal = signal;
    try {
      this.cleanup();
    } catch {}
    this.say(signal);
    if (!this.#writing) this.#exit();
    setTimeout(() => this.#exit(), GRACE_MS);
  }

  #exit(): never {
    endBySignal(this.#signal ?? 'SIGTERM');
  }
}

/**
 * Ends the process as `signal` would have, once its cleanup is done: the
 * handlers removed and the signal raised again, so the caller sees a command
 * the signal ended (a shell script's loop stops on Ctrl-C; 130 or 143 would
 * read as an error it may go on after). Should the signal not end the
 * process at once, the status a shell gives such a command.
 */
export function endBySignal(signal: NodeJS.Signals): never {
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
  process.exit(signal === 'SIGINT' ? 130 : 143);
}
