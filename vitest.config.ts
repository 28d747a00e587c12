import { defaultClientConditions, defaultServerConditions } from 'vite';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Tests run the engine from its TypeScript sources: the "@cclab/source" export condition of
// @cclab/engine (packages/engine/package.json) points at src/, the others at the build in dist/.
export default defineConfig({
  resolve: { conditions: ['@cclab/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@cclab/source', ...defaultServerConditions] } },
  test: {
    include: ['packages/**/*.test.ts', 'apps/**/*.test.ts', 'apps/**/*.test.tsx'],
    exclude: ['**/node_modules/**', 'e2e/**'],
    testTimeout: 120_000,
    pool: 'threads',
    // Vitest's default is one worker per CPU less one, which on CI's two CPUs runs every file in
    // one thread (326 s of a 19-minute `npm test`); two workers there take 206 s. The main thread
    // only hands out files and collects results.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './scripts/slowestTestFiles.ts'],
  },
});
