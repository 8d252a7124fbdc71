/** One jest run for the whole repo; type-checking is `tsc --noEmit`, so ts-jest only transpiles. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { isolatedModules: true, diagnostics: false }],
  },
  modulePathIgnorePatterns: ['<rootDir>/zapier/build', '<rootDir>/.*/dist/package.json'],
  testTimeout: 30000,
};
