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
/**
 * An API zone's imports as a list: a relative path may climb (`../`) only into `allowed`, folders
 * (`db`) or files (`middleware/guard`) of api/src. Each file or folder on a list is a zone with a
 * list of its own, down to the foundation, so a zone reaches nothing else through them either: a
 * module that re-exports what its zone may not import is refused in its own zone.
 */
const onlyFrom = (allowed, message) => ({ regex: `^\\.\\./(?!(${allowed.join('|')})(/|$))`, message });
/** A zone of single files: of its folder, it imports only the files of the zone. */
const siblingsOnly = (files, message) => ({ regex: `^\\./(?!(${files.join('|')})$)`, message });
/** What stands above the domains: the registry and the app's own files. */
const APP = { regex: '^\\.\\./(registry|app|server|startup|shutdown|dbTools)$', message: 'Nothing under the registry imports it or the app: app.ts hands down what they hold.' };
/** The features over every resource, above the registry: app.ts hands them its list. */
const FEATURES = { regex: '^\\.\\./(trash|undo|saved-filters)/', message: 'The trash, saved filters and the undo stand above every domain: a domain imports none of them.' };
/** The checks under the generic layers: the route guards (with the page check they read), the joi and JSON checks. */
const CHECKS = ['middleware/guard', 'middleware/validate', 'middleware/jsonDepth'];

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
  {
    // The admin's lower folders (docs/architecture.md "The screen's way") import only one another and
    // the kernel; this also keeps them out of the API, as the block above does for the rest.
    files: ['admin/src/{providers,common,layout,live}/**'],
    ...refuse({ regex: '^\\.\\./(?!(providers|common|layout|live)/)', message: 'providers/, common/, layout/ and live/ import no feature folder and nothing above them (App.tsx, pageRegistry.tsx): move the shared piece down (common/, kernel/) or have the top hand it in.' }),
  },
  // The API's layers (docs/architecture.md): foundation ← db ← the checks ← the generic layers ←
  // domains ← the registry ← the features over every resource ← the app. ESLint keeps one
  // no-restricted-imports per file (the last block that matches), so each zone repeats the rules of
  // the zones around it.
  {
    files: ['api/**'],
    ...refuse(noAdmin, noSeeds),
  },
  {
    files: ['api/src/startup.ts'],
    ...refuse(noAdmin),
  },
  {
    files: ['api/src/registry.ts'],
    ...refuse(noAdmin, noSeeds, { regex: '^\\./(app|server|startup|trash|undo|saved-filters)(/|$)', message: 'The registry lists the domains\' resources: the features and the app stand above it.' }),
  },
  {
    files: ['api/src/*/**'],
    ...refuse(noAdmin, noSeeds, APP, FEATURES),
  },
  {
    files: ['api/src/trash/**', 'api/src/undo/**', 'api/src/saved-filters/**'],
    ...refuse(noAdmin, noSeeds, APP),
  },
  {
    files: ['api/src/resources/**'],
    ...refuse(noAdmin, noSeeds, onlyFrom(['foundation', 'db', 'csv', ...CHECKS],
      'The generic layers serve every domain and name none: a domain hands them its definition, app.ts its services (ResourceServices).')),
  },
  {
    files: ['api/src/csv/**'],
    ...refuse(noAdmin, noSeeds, onlyFrom(['foundation', 'db', ...CHECKS],
      'The CSV layer, under resources/, serves every list and names none: its caller hands it the rows, the columns and the texts.')),
  },
  {
    files: CHECKS.map((file) => `api/src/${file}.ts`),
    ...refuse(noAdmin, noSeeds, onlyFrom(['foundation', 'db', 'permissions/access'], 'The checks under the generic layers import the foundation, db and the page check only.'),
      siblingsOnly(['guard', 'validate', 'jsonDepth'], 'The checks under the generic layers import no other middleware.')),
  },
  {
    files: ['api/src/permissions/access.ts'],
    ...refuse(noAdmin, noSeeds, onlyFrom(['foundation', 'db'], 'The page check, under the route guards, imports the foundation and db only.'),
      { regex: '^\\./', message: 'The page check imports nothing else of permissions/.' }),
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
