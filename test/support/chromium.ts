// Headless Chromium for the browser tests: Debian's package, driven by
// playwright-core. The tests skip, saying why, when it is not installed;
// with ROBOTSMATCH_REQUIRE_RUNTIMES=1 (CI) they run, and a missing Chromium fails.
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';
export const skipChromium = !existsSync(CHROMIUM) && process.env.ROBOTSMATCH_REQUIRE_RUNTIMES !== '1';
/** Appended to a test's name when it is skipped. */
export const whyChromiumSkipped = skipChromium
  ? ' (skipped: Chromium is not installed at /usr/bin/chromium: apt-get install chromium)'
  : '';
/** Flags from this workplace's notes: no sandbox as root, no background networking. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
