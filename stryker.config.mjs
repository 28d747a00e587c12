// Mutation testing (StrykerJS + the Vitest runner): `npm run mutation` (docs/testing.md).
// Not part of `npm test`: a full run over transport/ takes a long time on a 2-core machine.
// Narrow it with `npm run mutation -- --mutate 'packages/engine/src/transport/recovery/**/*.ts'`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  mutate: [
    'packages/engine/src/transport/**/*.ts',
    'packages/engine/src/queue/**/*.ts',
    '!packages/engine/src/**/*.test.ts',
    '!packages/engine/src/**/ccTestState.ts',
    '!packages/engine/src/queue/queueTestKit.ts',
    '!packages/engine/src/queue/schedulerTestChildren.ts',
    '!packages/engine/src/transport/transportTestKit.ts',
    '!packages/engine/src/transport/tcpSenderTestRig.ts',
  ],
  coverageAnalysis: 'perTest',
  // static mutants (code run when a module loads: the registry entries' labels, defaults and
  // descriptions) cannot be tied to tests, so each would rerun the whole suite: skip them
  ignoreStatic: true,
  concurrency: 2,
  // a mutant that makes a simulation spin (an RTO of 0, a window that never opens) is stopped
  // at 1.5 × the covering tests' time + 5 s and counted as detected (timeout)
  timeoutFactor: 1.5,
  timeoutMS: 5000,
  // the initial run of the whole engine suite with coverage takes minutes on a busy 2-core machine
  dryRunTimeoutMinutes: 30,
  reporters: ['progress', 'clear-text', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  // never copy another run's sandbox or reports into this one's
  ignorePatterns: ['.stryker-tmp*', 'reports'],
  cleanTempDir: 'always',
};
