import { defineConfig } from 'vitest/config';
import { readFileSync } from 'node:fs';

export default defineConfig({
  // The package's version, as the build puts it in (src/common/version.ts).
  define: { __ROBOTSMATCH_VERSION__: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/fast-check-seed.ts'],
    testTimeout: 60_000,
    // The default report, then the skipped tests and why (a runtime or tool not installed here).
    reporters: ['default', './test/support/skipped-reporter.ts'],
  },
});
