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
  testTimeout: 30000,
  reporters: ['default', '<rootDir>/scripts/summary-reporter.js'],
};
