/**
 * One jest run for the whole suite: unit specs (*.spec.ts beside the code) and e2e specs
 * (test/**\/*.e2e-spec.ts) against real Postgres and Redis, and the SDK's own specs (sdk/test/,
 * which need no server; its e2e specs against a real gateway are in test/sdk/).
 * test/support/global-setup.ts creates and migrates a fresh test database first.
 */
module.exports = {
  rootDir: '.',
  moduleFileExtensions: ['js', 'json', 'ts'],
  testRegex: '(src|test|sdk/test)/.*\\.(spec|e2e-spec)\\.ts$',
  transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true }] },
  // The SDK's sources import each other as `./x.js` (what its ESM build needs at run time); here they run from source.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  // The SDK's build output (sdk/dist) is a package of its own, tested through `npm pack` (test/sdk/sdk-package.e2e-spec.ts).
  modulePathIgnorePatterns: ['<rootDir>/sdk/dist/'],
  testEnvironment: 'node',
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
