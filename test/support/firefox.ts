// Headless Firefox for the browser tests: Debian's firefox-esr, driven over
// its own WebDriver BiDi (no geckodriver, no downloaded browser). The tests
// skip, saying why, when it is not installed; with ROBOTSMATCH_REQUIRE_RUNTIMES=1
// (CI) they run, and a missing Firefox fails.
//
// Playwright's Firefox-over-BiDi channel asks for BiDi commands that Firefox
// ESR does not have yet (emulation.setMediaFeaturesOverride), so this file
// speaks the protocol itself: a handful of commands over one WebSocket.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';

export const FIREFOX = '/usr/bin/firefox-esr';
export const skipFirefox = !existsSync(FIREFOX) && process.env.ROBOTSMATCH_REQUIRE_RUNTIMES !== '1';
/** Appended to a test's name when it is skipped. */
export const whyFirefoxSkipped = skipFirefox
  ? ` (skipped: Firefox is not installed at ${FIREFOX}: apt-get install firefox-esr)`
  : '';

/**
 * Profile preferences that keep Firefox off the network but for loopback:
 * every http and https request to another host goes to a proxy on
 * 127.0.0.1:9, where nothing listens (loopback itself is never proxied),
 * and the background services that would try are off. Firefox's remote
 * agent adds its own recommended set for automation on top.
 */
const OFFLINE_PREFS: Record<string, string | number | boolean> = {
  'network.proxy.type': 1,
  'network.proxy.http': '127.0.0.1',
  'network.proxy.http_port': 9,
  'network.proxy.ssl': '127.0.0.1',
  'network.proxy.ssl_port': 9,
  'network.proxy.no_proxies_on': '',
  'network.trr.mode': 5,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'app.normandy.enabled': false,
  'app.update.disabledForTesting': true,
  'browser.shell.checkDefaultBrowser': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'extensions.update.enabled': false,
  'messaging-system.rsexperimentloader.enabled': false,
  'toolkit.telemetry.server': '',
};

export interface Firefox {
  /** Sends one BiDi command and waits for its result. */
  send(method: string, params: object): Promise<Record<string, unknown>>;
  /** A new tab's browsing context id. */
  newTab(): Promise<string>;
  /** Loads `url` in the tab `context` and waits for the load event. */
  goto(context: string, url: string): Promise<void>;
  /** Evaluates `expression` (awaited) in the tab's page and returns its value, through JSON. */
  evaluate<T = unknown>(context: string, expression: string): Promise<T>;
  /** The tab's whole document as a PNG. */
  screenshot(context: string): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * Starts headless Firefox with a fresh profile holding `prefs` (and the
 * offline ones) and opens a BiDi session. `--remote-allow-system-access`
 * lets the session load extension pages (moz-extension://) in a tab, as the
 * Chromium tests load chrome-extension:// ones.
 */
export async function launchFirefox(prefs: Record<string, string | number | boolean> = {}): Promise<Firefox> {
  const profile = mkdtempSync(join(tmpdir(), 'robotsmatch-firefox-'));
  const userJs = Object.entries({ ...OFFLINE_PREFS, ...prefs })
    .map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});\n`)
    .join('');
  writeFileSync(join(profile, 'user.js'), userJs);
  const child = spawn(
    FIREFOX,
    ['--headless', '--no-remote', '--remote-debugging-port=0', '--remote-allow-system-access', '--profile', profile],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1' } },
  );
  const endpoint = await listening(child);
  const socket = new WebSocket(`${endpoint}/session`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let lastId = 0;
  const waiting = new Map<number, { resolve: (r: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as {
      id?: number;
      type: string;
      result?: Record<string, unknown>;
      error?: string;
      message?: string;
    };
    const waiter = message.id === undefined ? undefined : waiting.get(message.id);
    if (!waiter) return; // an event: none is subscribed to
    waiting.delete(message.id!);
    if (message.type === 'error') waiter.reject(new Error(`Firefox BiDi: ${message.error}: ${message.message}`));
    else waiter.resolve(message.result ?? {});
  });
  const send = (method: string, params: object) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = ++lastId;
      waiting.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send('session.new', { capabilities: {} });

  return {
    send,
    async newTab() {
      return (await send('browsingContext.create', { type: 'tab' })).context as string;
    },
    async goto(context, url) {
      await send('browsingContext.navigate', { context, url, wait: 'complete' });
    },
    async evaluate<T = unknown>(context: string, expression: string) {
      const result = await send('script.evaluate', {
        expression: `(async () => JSON.stringify(await (${expression})))()`,
        target: { context },
        awaitPromise: true,
      });
      if (result.type !== 'success') throw new Error(`in Firefox: ${JSON.stringify(result.exceptionDetails)}`);
      const value = (result.result as { value?: string }).value;
      return (value === undefined ? null : JSON.parse(value)) as T;
    },
    async screenshot(context) {
      const shot = await send('browsingContext.captureScreenshot', { context, origin: 'document' });
      return Buffer.from(shot.data as string, 'base64');
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await send('browser.close', {}).catch(() => {}); // the socket may close before the answer
      socket.close();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill();
    },
  };
}

/** The ws:// address Firefox prints once its remote agent listens. */
function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    let found = false;
    // Read to the end (a full pipe would stall Firefox), kept only until the address is found.
    const read = (chunk: Buffer) => {
      if (found) return;
      output += String(chunk);
      const address = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(output);
      if (address) {
        found = true;
        resolve(address[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) =>
      reject(new Error(`Firefox exited (${code}) before listening:\n${output.slice(-2000)}`)),
    );
  });
}
