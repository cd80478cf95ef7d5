import js from '@eslint/js';
import tseslint from '@logistics/lint';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';

/**
 * The import boundaries (README "Layout"): the admin and the API never import each other's
 * folders, and the kernel imports only itself. ESLint matches the specifier as written, so a
 * relative path that climbs into another top-level folder is what is refused;
 * test/unit/kernelBoundary.test.ts resolves every path and is the exact check.
 */
const refuse = (...patterns) => ({ rules: { 'no-restricted-imports': ['error', { patterns }] } });
const climbingInto = (folders) => `^(\\.\\./)+(${folders})(/|$)`;

const noAdmin = { regex: climbingInto('admin'), message: 'The API does not import the admin; shared code lives in kernel/.' };
/** The demo data reaches the API through api/src/startup.ts alone. */
const noSeeds = { regex: climbingInto('seeds'), message: 'Only api/src/startup.ts imports seeds/.' };
/** The API's domain folders: what the generic layers must not know. */
const DOMAINS = 'auth|dashboard|delivery-areas|health|live|monitoring|orders|pricing|rate-cards|reports|saved-filters|suppliers|trash|undo|uploads|vehicle-types|warehouses';

export default defineConfig([
  globalIgnores(['**/node_modules/', '**/dist/', 'build/', 'build.partial-*/', 'backups/', 'data/', 'test-results/', 'coverage/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `import { run, type Options }`, as the code already writes it.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `const { password: _password, ...rest } = row` is how a field is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    // A test reads the JSON the API answers; its expectations are the check, not the body's type.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['admin/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    files: ['admin/src/**'],
    ...refuse({ regex: climbingInto('api|seeds|migrations'), message: 'The admin does not import the API, seeds or migrations; shared code lives in kernel/.' }),
  },
  // The API's layers (docs/architecture.md): foundation ← db ← the generic layers ← domains ← the
  // registry, the cross-resource features and the app. ESLint keeps one no-restricted-imports per
  // file (the last block that matches), so each zone repeats the rules of the zones around it.
  {
    files: ['api/**'],
    ...refuse(noAdmin, noSeeds),
  },
  {
    files: ['api/src/startup.ts'],
    ...refuse(noAdmin),
  },
  {
    files: ['api/src/resources/**', 'api/src/csv/**'],
    ...refuse(noAdmin, noSeeds, { regex: `^\\.\\./(${DOMAINS})(/|$)`, message: 'The generic layers serve every domain and name none: a domain hands them its definition.' },
      { regex: '^\\.\\./(registry|app|server|startup)$', message: 'The generic layers do not import the app above them.' }),
  },
  {
    files: ['api/src/db/**'],
    ...refuse(noAdmin, noSeeds, { regex: '^\\.\\./(?!foundation/)', message: 'The database layer imports the foundation only.' }),
  },
  {
    files: ['api/src/foundation/**'],
    ...refuse(noAdmin, noSeeds, { regex: '^\\.\\./', message: 'The foundation imports nothing of the app.' }),
  },
  {
    files: ['kernel/**'],
    ...refuse(
      { regex: '^(?!\\.|@kernel/)', message: 'The kernel runs in the browser and in Node: it imports no package and no node:* module.' },
      { regex: climbingInto('admin|api|seeds|migrations|test'), message: 'The kernel imports only its own files.' },
    ),
  },
]);
