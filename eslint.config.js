// ESLint flat config. The engine rules enforce DESIGN.md: no DOM/Worker globals, no wall clock or
// Math.random in model code (time and randomness come from the simulator), and no imports from
// the UI layer (one direction only: web → engine).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const engineWhy = 'the engine is pure, deterministic TypeScript: it runs unchanged in Node and in a Web Worker';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'e2e/artifacts/**',
      '.scratch/**',
      'packages/engine/presets/**',
      '.stryker-tmp*/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['packages/engine/src/**/*.ts'],
    ignores: ['packages/engine/src/cli/**', 'packages/engine/src/**/*.test.ts'],
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'navigator',
          'self',
          'postMessage',
          'localStorage',
          'performance',
          'setTimeout',
          'setInterval',
          'requestAnimationFrame',
          'Worker',
        ].map((name) => ({
          name,
          message: `${name} is not available to the engine: ${engineWhy}.`,
        })),
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: `use the simulator's seeded streams (sim.random(name)): ${engineWhy}.`,
        },
        { object: 'Date', property: 'now', message: `use simulated time (sim.now): ${engineWhy}.` },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@cclab/web', 'react', 'react-dom', 'd3', 'd3-*'],
              message: `the engine must not depend on the UI: ${engineWhy}.`,
            },
            {
              group: ['node:*', 'fs', 'path', 'child_process'],
              message: `Node built-ins belong in packages/engine/src/cli: ${engineWhy}.`,
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'packages/engine/src/cli/**/*.ts',
      'packages/engine/test/**/*.ts',
      'packages/engine/src/**/*.test.ts',
      'packages/engine/bin/**',
      'packages/engine/scripts/**',
      'e2e/**',
      '*.js',
      '*.ts',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // e2e specs pass functions to page.evaluate, which run in the browser
    files: ['e2e/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
  },
  {
    files: ['apps/web/pwa/serviceWorker.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['apps/web/pwa/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
