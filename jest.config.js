/**
 * One jest run for the whole suite: unit specs (*.spec.ts beside the code) and e2e specs
 * (test/**\/*.e2e-spec.ts) against real Postgres and Redis. test/support/global-setup.ts creates
 * and migrates a fresh test database first.
 */
module.exports = {
  rootDir: '.',
  moduleFileExtensions: ['js', 'json', 'ts'],
  testRegex: '(src|test)/.*\\.(spec|e2e-spec)\\.ts$',
  transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true }] },
  testEnvironment: 'node',
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
