import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Vitest reporter: after the run, the ten test files that took longest (import plus tests), so a
 * file that grows slow is seen where the suite's time is reported. Used beside the default reporter.
 */
export default class SlowestTestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const timed = modules
      .map((m) => {
        const d = m.diagnostic();
        return { file: relative(process.cwd(), m.moduleId), ms: d.collectDuration + d.duration };
      })
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    if (timed.length < 2) return;
    console.log(`slowest test files: ${timed.map((t) => `${t.file} ${(t.ms / 1000).toFixed(1)} s`).join(', ')}`);
  }
}
