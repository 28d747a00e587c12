import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test-file order for mutation testing: unit tests beside the code first, then scenario tests,
 * then the ns-2 cross-checks. Stryker stops a mutant's run at its first failing test, so a
 * mutant that a millisecond unit test kills never waits for a multi-second simulation.
 */
function cost(file: string): number {
  if (file.includes('/src/')) return 0;
  if (file.includes('/test/ns2.')) return 2;
  return 1;
}

class CheapestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => cost(a.moduleId) - cost(b.moduleId) || a.moduleId.localeCompare(b.moduleId));
  }
}

// The engine's tests only, for mutation testing (stryker.config.mjs): the web app's tests cannot
// kill a mutant in packages/engine/src/transport or queue, and would only slow every run down.
export default defineConfig({
  test: {
    include: ['packages/engine/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 600_000,
    sequence: { sequencer: CheapestFirst },
  },
});
