import path from 'node:path';
import { newestChange } from '../newestChange';
import { spawnSync } from 'node:child_process';

/**
 * Builds the admin when admin/dist is missing or older than any of its sources, so `npm start`
 * always serves the current admin without rebuilding every time.
 */
const root = __dirname;

/**
 * What the bundle is built from. admin/src imports nothing outside itself but the kernel (through
 * @kernel/*, test/unit/kernelBoundary.test.ts sees to it), so the two folders cover every source.
 */
const sources = [path.join(root, 'src'), path.join(root, '../kernel'), path.join(root, 'index.html'),
  path.join(root, 'vite.config.mts'), path.join(root, 'public'), path.join(root, '../package-lock.json')];

// ADMIN_DIST (relative to the project root) puts the build elsewhere, e.g. one per parallel test run.
const dist = process.env.ADMIN_DIST ? path.resolve(process.env.ADMIN_DIST) : path.join(root, 'dist');
const builtAt = newestChange(path.join(dist, 'index.html'));
if (builtAt === 0 || Math.max(...sources.map(newestChange)) > builtAt) {
  console.log(builtAt === 0
    ? 'Building the admin once (a few seconds; later starts skip it while its sources are unchanged)...'
    : 'Building the admin (its sources changed since the last build)...');
  const started = Date.now();
  // Vite's own CLI in a child process: its bundler does not run under tsx's module hooks. On a
  // terminal it shows its progress (the modules it transforms, then the files it writes).
  const vite = path.join(root, '../node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--config', path.join(root, 'vite.config.mts'),
    '--logLevel', process.stdout.isTTY ? 'info' : 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`The admin is built (${Math.round((Date.now() - started) / 1000)} s).`);
} else {
  console.log('The admin build is up to date.');
}
