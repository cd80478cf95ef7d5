import fs from 'node:fs';
import path from 'node:path';

/**
 * The newest modification time (epoch ms) of a file or of anything in a folder, 0 when it does not
 * exist: the build scripts (admin/buildIfStale.ts, api/buildIfStale.ts) rebuild when a source is
 * newer than their output.
 */
export function newestChange(file: string): number {
  if (!fs.existsSync(file)) return 0;
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(file).map((name) => newestChange(path.join(file, name))));
}
