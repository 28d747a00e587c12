// ESLint flat config. The engine rules enforce DESIGN.md: no DOM/Worker globals, no wall clock or
// Math.random in model code (time and randomness come from the simulator), and no imports from
// the UI layer (one direction only: web → engine); inside the engine, folders import only the
// layers below their own (engineLayers).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const engineWhy = 'the engine is pure, deterministic TypeScript: it runs unchanged in Node and in a Web Worker';

// The purity patterns of no-restricted-imports. Every engine block that sets the rule repeats
// them: in flat config a later no-restricted-imports for the same file replaces an earlier one.
const purityImportPatterns = [
  {
    group: ['**/apps/**', '@cclab/web', 'react', 'react-dom', 'd3', 'd3-*'],
    message: `the engine must not depend on the UI: ${engineWhy}.`,
  },
  {
    group: ['node:*', 'fs', 'path', 'child_process'],
    message: `Node built-ins belong in packages/engine/src/cli: ${engineWhy}.`,
  },
];

// The engine's layers, bottom to top (docs/architecture.md). A folder may import the layers below
// its own, never one above: a lower layer that imports a higher one closes a circle, so neither
// can be read, tested or changed without the other. Folders that share a layer stay independent
// of each other. `run` is the files directly in src/ (Network, Simulation, TimedChanges,
// runErrors, runScenario, summary); src/index.ts, the package's entry, re-exports every layer,
// and cli/ is the top, free to import anything.
export const engineLayers = [
  { core: 'the simulator kernel: event queue, clock, seeded random, units' },
  { model: 'the parameter schemas every pluggable model declares' },
  { net: 'packets, ports and the contract between a port and its queue discipline' },
  { metrics: 'the recorders a run feeds: time series, flow statistics, drops' },
  { queue: 'the queue disciplines' },
  {
    router: 'the router features: XCP, LbLCA, QLBP, shared buffers, wireless',
    transport: 'the end-host transports and congestion controls',
  },
  { app: 'the applications that drive a transport' },
  { fluid: 'the fluid models', registry: 'the assembled lists of models' },
  { scenario: 'the scenario format, its validation and resolution' },
  { run: 'building the network from a scenario and running it' },
  { trace: 'the trace writers', results: 'the result metrics', validation: 'the ns-2/ns-3 comparisons' },
  { demos: 'the lecture demos' },
  { presets: 'the built-in preset list' },
  { experiment: 'experiments over runs' },
  { sweep: 'parameter sweeps' },
  { exercise: 'the exercises', reproduction: 'the paper reproductions' },
];
export const runModules = ['Network', 'Simulation', 'TimedChanges', 'runErrors', 'runScenario', 'summary'];
const importsOf = (folder) => (folder === 'run' ? runModules.map((m) => `**/${m}.js`) : [`**/${folder}/**`]);
const layerName = (folder, role) => `${folder === 'run' ? 'the run layer (src/*.ts)' : `${folder}/`} (${role})`;

/** One config block per engine folder: the purity patterns plus the folders it may not import. */
function engineLayerBlocks() {
  return engineLayers.flatMap((layer, i) =>
    Object.entries(layer).map(([folder, role]) => {
      const forbidden = [
        ...Object.entries(layer)
          .filter(([f]) => f !== folder)
          .map(([f, r]) => ({ f, r, why: 'the two share a layer and stay independent of each other' })),
        ...engineLayers
          .slice(i + 1)
          .flatMap((up) => Object.entries(up).map(([f, r]) => ({ f, r, why: 'it is a higher layer' }))),
      ];
      return {
        files: [folder === 'run' ? 'packages/engine/src/*.ts' : `packages/engine/src/${folder}/**/*.ts`],
        // src/index.ts re-exports every layer; tests and test kits assemble pieces of several
        ignores: [
          'packages/engine/src/index.ts',
          'packages/engine/src/**/*.test.ts',
          'packages/engine/src/**/*TestKit.ts',
        ],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                ...purityImportPatterns,
                ...forbidden.map(({ f, r, why }) => ({
                  group: importsOf(f),
                  message: `${layerName(folder, role)} may not import ${layerName(f, r)}: ${why}. Layers point one way, bottom to top, so each can be read and tested without those above it (docs/architecture.md).`,
                })),
              ],
            },
          ],
        },
      };
    }),
  );
}

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
      'no-restricted-imports': ['error', { patterns: purityImportPatterns }],
    },
  },
  ...engineLayerBlocks(),
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
