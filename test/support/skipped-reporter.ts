// A vitest reporter that ends every run with the tests it skipped and why:
// a test that cannot run here (Node 22/24/26 not installed, wrangler,
// Crawlee, Chromium, Deno, Bun) says why in its name, "(skipped: ...)",
// and this list puts those reasons where a user looks, under the totals.
import type { Reporter, TestModule } from 'vitest/node';
import { relative } from 'node:path';

export default class SkippedReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const lines: string[] = [];
    for (const module of modules) {
      for (const test of module.children.allTests('skipped')) {
        const result = test.result();
        const note = result.state === 'skipped' && result.note ? ` (${result.note})` : '';
        lines.push(`  ${relative(process.cwd(), module.moduleId)} > ${test.fullName}${note}`);
      }
    }
    if (!lines.length) return;
    process.stdout.write(
      `\n${lines.length} test${lines.length === 1 ? '' : 's'} skipped, each saying why:\n${lines.join('\n')}\n\n`,
    );
  }
}
