/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

const common = { moduleFileExtensions: ['ts', 'tsx', 'js', 'json'] };

/**
 * Every project runs in jest-light-runner: each file is imported as Node imports it, so a worker
 * loads the app's ~1,600 modules once, not once per file as Jest's module registry does (2 of a
 * trivial file's 5 seconds here). The unit and API suite on both databases took 524 s and 786
 * CPU-seconds of its processes so, against 692 s and 1,080; the browser suite 1,209 s, against
 * 1,384 (on a 2-core AMD EPYC at 2.45 GHz). A worker is a child process (the file's process.env, signals and
 * process-wide figures are its own), TypeScript is compiled by tsx's hooks registered in it
 * (registerTypeScript.mjs), and each test and hook gets Jest's time limit (testTimeouts.ts). Files
 * share a worker's modules, so a file leaves no state behind in them: what it patches it puts back.
 */
const light = {
  runner: '<rootDir>/test/helpers/lightRunner.mjs',
  setupFilesAfterEnv: ['<rootDir>/test/helpers/testTimeouts.ts'],
};
const lightSetup = (file: string) => ['<rootDir>/test/helpers/registerTypeScript.mjs', `<rootDir>/test/helpers/${file}.ts`];

/**
 * Projects: unit tests, the API suite on embedded PGlite and, when TEST_DATABASE_URL is set, the
 * same API suite on that PostgreSQL server; the browser suite runs alone (npm run test:e2e), on
 * that server when it is set (as in CI: the app's queries then run in the server's processes, beside
 * the test's own, not in its thread), else on PGlite. The browser suite takes three workers on two
 * cores (npm run test:e2e): with two, a fifth of the CPU sat idle while pages waited on timers and
 * answers (549 s; 507 s with three).
 */
const projects: Config['projects'] = [
  { ...common, ...light, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
    setupFiles: ['<rootDir>/test/helpers/registerTypeScript.mjs'] },
  { ...common, ...light, displayName: 'api:pglite', testMatch: ['<rootDir>/test/api/**/*.test.ts'], setupFiles: lightSetup('usePglite') },
  ...(process.env.TEST_DATABASE_URL
    ? [{ ...common, ...light, displayName: 'api:postgres', testMatch: ['<rootDir>/test/api/**/*.test.ts'], setupFiles: lightSetup('usePostgres') }]
    : []),
  { ...common, ...light, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
    setupFiles: lightSetup(process.env.TEST_DATABASE_URL ? 'usePostgres' : 'usePglite'),
    // A failing browser test says what its pages showed (failedPages.ts).
    setupFilesAfterEnv: [...light.setupFilesAfterEnv, '<rootDir>/test/helpers/failedPages.ts'] },
];

/**
 * The longest a test or a hook may run, unless it says otherwise (testTimeouts.ts holds the light
 * runner's to it): a file's set-up that builds the first copy of a database (migrations and seeds)
 * took over a minute on a busy machine.
 */
export const TEST_TIMEOUT_MS = 120_000;

const config: Config = { projects };
export default config;
