/** The live suite (npm run test:live): real servers, so one file at a time and long, bounded steps. */
const base = require('../../jest.config.js');

module.exports = {
  ...base,
  rootDir: '../..',
  roots: ['<rootDir>/test/live'],
  testMatch: ['**/*.live.ts'],
  testTimeout: 300_000,
  setupFilesAfterEnv: ['<rootDir>/test/afterEachFile/no-secrets-in-output.ts'],
  reporters: ['default', '<rootDir>/scripts/summary-reporter.js'],
};
