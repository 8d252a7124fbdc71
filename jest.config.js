/** One jest run for the whole repo; type-checking is `tsc --noEmit`, so ts-jest only transpiles
 * (tsconfig.json sets isolatedModules, which ts-jest reads as "transpile each file alone"). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { diagnostics: false }],
  },
  modulePathIgnorePatterns: ['<rootDir>/zapier/build', '<rootDir>/.*/dist/package.json'],
  // A budget, not a measure: a test that hangs still fails, and a slow run on a loaded machine (CI shares its cores)
  // is not a wrong one. At load 13 on two cores, work-bound tests took three to four times their idle time.
  testTimeout: 120_000,
  setupFilesAfterEnv: [
    '<rootDir>/test/afterEachFile/no-secrets-in-output.ts',
    '<rootDir>/test/afterEachFile/openapi-answers.ts',
  ],
  // zapier-platform-core ends a process that has served 250 calls with more than 450 MB resident (its
  // Lambda housekeeping); a worker that grew past this is replaced between test files so that never hits.
  workerIdleMemoryLimit: '300MB',
  reporters: ['default', '<rootDir>/scripts/summary-reporter.js'],
};
