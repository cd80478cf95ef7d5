import { Cron } from 'croner';
import type { Knex } from 'knex';
import { materialiseReports } from './materialiseReports';

/** DESIGN.md §6: the reports are materialised daily at 23:50 server time. */
export const REPORT_SCHEDULE = '50 23 * * *';

/**
 * Starts the daily job in the server's zone. A run that fails is logged and tried again the
 * next day (an admin can refresh meanwhile); a slow run never overlaps the next one.
 */
export function startReportSchedule(db: Knex, timeZone: string): Cron {
  return new Cron(REPORT_SCHEDULE, {
    timezone: timeZone, protect: true,
    catch: (err) => console.error(`[${new Date().toISOString()}] The 23:50 report run failed:`, err),
  }, async () => {
    const run = await materialiseReports(db, { kind: 'scheduled', timeZone });
    console.log(`Reports materialised: run ${run.id} of ${run.runDate}, ${run.rowCount} rows in ${run.durationMs} ms`);
  });
}

/** At start: a first snapshot when there is none yet, so the reports are not empty. */
export async function ensureFirstReportRun(db: Knex, timeZone: string): Promise<void> {
  if (await db('reportRuns').first('id')) return;
  await materialiseReports(db, { kind: 'manual', timeZone });
}
