import fs from 'node:fs';
import path from 'node:path';
import { newestChange } from '../newestChange';
import { buildSync } from 'esbuild';

/**
 * Compiles the server to JavaScript in build/ when build/ is missing or older than any of its
 * sources, so `npm start` runs node on plain JavaScript instead of transpiling TypeScript at each
 * start. esbuild bundles the API with the kernel (resolving the @kernel/* alias, which tsc would
 * leave for Node to fail on) and leaves the packages in node_modules as they are. Each migration
 * becomes a file of its own in build/migrations, loaded by db/knex.ts under the name knex recorded.
 */
const root = path.resolve(__dirname, '..');
const out = path.join(root, 'build');
const sources = ['api/src', 'kernel', 'migrations', 'seeds', 'package-lock.json', 'tsconfig.base.json', 'api/buildIfStale.ts']
  .map((source) => path.join(root, source));

const builtAt = newestChange(path.join(out, 'server.js'));
if (builtAt > 0 && Math.max(...sources.map(newestChange)) <= builtAt) {
  console.log('The server build is up to date.');
} else {
  const started = Date.now();
  const migrations = fs.readdirSync(path.join(root, 'migrations')).filter((name) => name.endsWith('.ts'));
  // Built aside, then put in place whole: a start never finds half a build.
  const partial = `${out}.partial-${process.pid}`;
  buildSync({
    entryPoints: {
      server: path.join(root, 'api/src/server.ts'),
      ...Object.fromEntries(migrations.map((name) => [`migrations/${name.replace(/\.ts$/, '')}`, path.join(root, 'migrations', name)])),
    },
    outdir: partial,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    sourcemap: true,
    tsconfig: path.join(root, 'tsconfig.api.json'),
    logLevel: 'warning',
  });
  fs.rmSync(out, { recursive: true, force: true });
  fs.renameSync(partial, out);
  console.log(`The server is compiled to build/ (${Date.now() - started} ms).`);
}
