// Runs the built command line as a user does: a real process, real files.
// Asynchronous, so a test's local HTTP server keeps answering meanwhile.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built command line; ROBOTSMATCH_CLI runs the tests against another build (an older one, to see a test fail before its fix). */
export const cli = process.env.ROBOTSMATCH_CLI ?? fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
export const demo = (name: string) => fileURLToPath(new URL(`../../examples/demo/${name}`, import.meta.url));

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  bytes: Buffer;
}

/** `robotsmatch ...args`, with `input` on stdin. */
export function robotsmatch(
  args: string[],
  input?: string | Uint8Array,
  env: Record<string, string> = {},
): Promise<Run> {
  return runProcess(process.execPath, [cli, ...args], input, env);
}

/** A shell pipeline, for `| head` and the like. */
export function shell(script: string, input?: string | Uint8Array, env: Record<string, string> = {}): Promise<Run> {
  return runProcess('sh', ['-c', script], input, env);
}

/**
 * `robotsmatch ...args` on a terminal: util-linux `script` gives it a
 * pseudo-terminal for stdin, stdout and stderr, and its output is what the
 * terminal showed (stdout and stderr together, line breaks as CRLF).
 */
export function onTerminal(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const quote = (a: string) => `'${a.replaceAll("'", "'\\''")}'`;
  const command = [process.execPath, cli, ...args].map(quote).join(' ');
  return runProcess('script', ['-qefc', command, '/dev/null'], undefined, { TERM: 'xterm', ...env });
}

function runProcess(
  command: string,
  args: string[],
  input?: string | Uint8Array,
  env: Record<string, string> = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('close', (status) => {
      const bytes = Buffer.concat(out);
      resolve({ status, stdout: bytes.toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), bytes });
    });
    child.stdin.on('error', () => {}); // a command that exits before reading all its input
    child.stdin.end(input ?? '');
  });
}
