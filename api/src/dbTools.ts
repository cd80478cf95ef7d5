/**
 * The operator's database commands, on the database the app's settings name (DATABASE_URL, else
 * the embedded one in DATA_DIR):
 *   npm run db:backup [-- FILE]     a plain SQL dump (default backups/logistics-<time>.sql)
 *   npm run db:restore -- FILE      loads a dump into an empty database
 *   npm run db:move -- postgres://… copies the embedded database into an empty server database
 *   npm run db:archive-logs         moves the activity log's months older than ACTIVITY_LOG_MONTHS to files
 */
import path from 'node:path';
import { readConfig } from './foundation/config';
import { createLog, useLog } from './foundation/log';
import { backUp, defaultBackupFile, restore } from './db/backup';
import { OperatorError } from './foundation/operatorError';
import { moveToServer } from './db/move';
import { databaseStarted, openDatabase } from './db/knex';
import { archiveActivityLog, archiveCutoff, monthName } from './activity/logArchive';

const USAGE = 'Usage: npm run db:backup [-- FILE] | npm run db:restore -- FILE | npm run db:move -- postgres://user:password@host/database'
  + ' | npm run db:archive-logs';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(command: string | undefined, argument: string | undefined): Promise<void> {
  const config = readConfig();
  // What the command says is its own output; knex's warnings (a refused connection, with a stack)
  // would repeat it, unless LOG_LEVEL asks for them.
  useLog(createLog({ ...config.log, level: process.env.LOG_LEVEL ? config.log.level : 'error' }));
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const where = config.databaseUrl ? 'the PostgreSQL server of DATABASE_URL' : `the embedded database in ${config.dataDir}`;
  switch (command) {
    case 'backup': {
      const file = path.resolve(argument ?? defaultBackupFile());
      say(`Backing up ${where}…`);
      const { bytes } = await backUp(target, file);
      say(`Written: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB)`);
      return;
    }
    case 'restore': {
      if (!argument) throw new OperatorError(USAGE);
      say(`Restoring ${path.resolve(argument)} into ${where}…`);
      await restore(target, path.resolve(argument));
      say('Restored. Start the app as usual (npm start): it runs any newer migrations.');
      return;
    }
    case 'move': {
      if (!argument || !/^postgres(ql)?:\/\//.test(argument)) throw new OperatorError(USAGE);
      if (config.databaseUrl) throw new OperatorError('DATABASE_URL is set: the app already runs on a server. db:move copies the embedded database (DATA_DIR) to one.');
      const report = await moveToServer(config.dataDir, argument, say);
      const rows = report.tables.reduce((total, table) => total + table.rows, 0);
      say(`Moved: ${report.tables.length} tables, ${rows} rows, ${report.migrations} migrations; every table's rows and checksum match.`);
      say('Start the app on the server with:');
      say(`  DATABASE_URL=${argument} npm start`);
      say(`The embedded database in ${config.dataDir} is left as it was: keep it until the server has run a while.`);
      return;
    }
    case 'archive-logs': {
      if (config.activityLogMonths === 0) {
        say('ACTIVITY_LOG_MONTHS is 0: the whole activity log stays online, nothing is archived.');
        return;
      }
      const before = archiveCutoff(config.activityLogMonths);
      say(`Archiving the months of the activity log before ${monthName(before)} (ACTIVITY_LOG_MONTHS=${config.activityLogMonths}) of ${where} to ${config.logArchiveDir}…`);
      const db = openDatabase(target);
      try {
        await databaseStarted(db);
        const months = await archiveActivityLog(db, config.logArchiveDir, before, (month) =>
          say(`  ${month.month}: ${month.rows} rows → ${month.file} (${month.bytes} bytes)`));
        say(months.length === 0 ? 'Nothing to archive: no row is that old.'
          : `Archived ${months.length} months, ${months.reduce((total, month) => total + month.rows, 0)} rows; the files are read with zcat FILE | head.`);
      } finally {
        await db.destroy();
      }
      return;
    }
    default:
      throw new OperatorError(USAGE);
  }
}

main(process.argv[2], process.argv[3]).then(() => process.exit(0), (error: Error & { code?: unknown }) => {
  // The operator's mistakes and the database's or the system's refusals (a wrong password, a
  // server not reachable: they carry a code) are said in their own words; anything else with its stack.
  const told = error instanceof OperatorError || typeof error.code === 'string';
  process.stderr.write(`${told ? error.message : error.stack ?? error.message}\n`);
  process.exit(1);
});
