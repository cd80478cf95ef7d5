import fs from 'node:fs';
import path from 'node:path';
import { OperatorError } from '../foundation/operatorError';

/** The file in an embedded database's folder naming the process that has it open. */
export const LOCK_FILE = 'logistics-app.lock';

/**
 * Claims an embedded database's folder for this process, or throws naming the process that holds
 * it. PGlite itself lets a second process open a folder in use (it ignores postmaster.pid), and
 * two writers corrupt it: a second `npm start`, or a backup or move while the app runs. A claim
 * left by a process that has died is taken over. Returns the release, also run as the process exits.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      const release = () => {
        process.off('exit', release);
        fs.rmSync(file, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(fs.readFileSync(file, 'utf8'));
    if (isRunning(holder)) {
      throw new OperatorError(`The embedded database in ${dataDir} is in use by process ${holder} (the app, or a backup or move): `
        + 'stop it first; two processes writing one embedded database would corrupt it');
    }
    fs.rmSync(file, { force: true });
  }
  throw new OperatorError(`Could not claim the embedded database in ${dataDir}: another process claimed it at the same moment`);
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
