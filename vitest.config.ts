import { defaultClientConditions, defaultServerConditions } from 'vite';
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
  },
});
