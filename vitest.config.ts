import { defaultClientConditions, defaultServerConditions } from 'vite';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Tests run the engine from its TypeScript sources: the "@cclab/source" export condition of
// @cclab/engine (packages/engine/package.json) points at src/, the others at the build in dist/.
export default defineConfig({
  resolve: { conditions: ['@cclab/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@cclab/source', ...defaultServerConditions] } },
  test: {
    exclude: ['**/node_modules/**', 'e2e/**'],
    testTimeout: 120_000,
    pool: 'threads',
    // Vitest's default is one worker per CPU less one, which on CI's two CPUs runs every file in
    // one thread (326 s of a 19-minute `npm test`); two workers there take 206 s. The main thread
    // only hands out files and collects results.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './scripts/slowestTestFiles.ts'],
    projects: [
      // The engine's test files share each worker's module graph (no isolation): every file
      // imports the engine from its sources, and importing it afresh per file made the whole
      // unit run 257 s against 208 s (2 cores, 2026-11-29; imports summed over the workers 111 s
      // against 61 s). A file that registers a test model leaves it registered, described as
      // fully as a real model (the CLI tests restore their spies after each test).
      {
        extends: true,
        test: { name: 'engine', include: ['packages/**/*.test.ts'], isolate: false },
      },
      // The lab's tests keep isolation: they share browser-like globals (storage, clocks).
      {
        extends: true,
        test: { name: 'web', include: ['apps/**/*.test.ts', 'apps/**/*.test.tsx'] },
      },
    ],
  },
});
