/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

const transform: Config['transform'] = {
  '^.+\\.(t|j)sx?$': ['@swc/jest', {
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
  }],
};
// The kernel's path alias (tsconfig.base.json `paths`), as jest resolves it.
const moduleNameMapper: Config['moduleNameMapper'] = { '^@kernel/(.*)$': '<rootDir>/kernel/$1' };
// react-admin requires react-hotkeys-hook, which ships only as an ES module: compiled like ours.
const transformIgnorePatterns = ['/node_modules/(?!react-hotkeys-hook/)'];
const common = {
  transform, transformIgnorePatterns, moduleNameMapper, testEnvironment: 'node', moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
};

/**
 * Projects: unit tests, the API suite on embedded PGlite and, when TEST_DATABASE_URL is set, the
 * same API suite on that PostgreSQL server; the browser suite runs alone (npm run test:e2e), on
 * that server when it is set (as in CI: the app's queries then run in the server's processes, beside
 * the test's own, not in its thread), else on PGlite. The browser suite takes three workers on two
 * cores (npm run test:e2e): with two, a fifth of the CPU sat idle while pages waited on timers and
 * answers (549 s; 507 s with three).
 */
const projects: Config['projects'] = [
  { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
  { ...common, displayName: 'api:pglite', testMatch: ['<rootDir>/test/api/**/*.test.ts'],
    setupFiles: ['<rootDir>/test/helpers/usePglite.ts'] },
  ...(process.env.TEST_DATABASE_URL
    ? [{ ...common, displayName: 'api:postgres', testMatch: ['<rootDir>/test/api/**/*.test.ts'],
      setupFiles: ['<rootDir>/test/helpers/usePostgres.ts'] }]
    : []),
  { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
    setupFiles: [`<rootDir>/test/helpers/${process.env.TEST_DATABASE_URL ? 'usePostgres' : 'usePglite'}.ts`] },
];

// Two minutes: a file's set-up that builds the first copy of a database (migrations and seeds)
// took over a minute on a busy machine.
// A worker keeps some 15–25 MB of each file it ran; by the end of `npm test` each of the two held
// 2 GB, and its files ran up to 7× slower than alone (garbage collection). One holder is known:
// prom-client's garbage-collection observer (foundation/metrics.ts), never removed, keeps each
// file's modules alive; started at the first scrape instead, the heap still grew (to 1.1 GB).
// So a worker past 300 MB is replaced after its file: the API suite took 468 s, not 907 (495 s
// at 500 MB).
const config: Config = { projects, testTimeout: 120_000, workerIdleMemoryLimit: '300MB' };
export default config;
