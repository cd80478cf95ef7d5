import { Cron } from 'croner';
import type { Knex } from 'knex';
import { materialiseReports } from './materialiseReports';
import { ReportRun } from './ReportRun';
import type { Config } from '../foundation/config';
import { queueReportMails } from '../mail/reportMails';
import { log } from '../foundation/log';
import { measuredJob } from '../foundation/metrics';

/** The reports are materialised daily at 23:50 server time (docs/reports.md#when-runs-are-made). */
export const REPORT_SCHEDULE = '50 23 * * *';

/**
 * Starts the daily job in the server's zone. A run that fails is logged and tried again the
 * next day (an admin can refresh meanwhile); a slow run never overlaps the next one. Then the
 * report subscriptions ending that day are queued (mail/reportMails.ts).
 */
export function startReportSchedule(db: Knex, timeZone: string, config: Pick<Config, 'smtpUrl'>): Cron {
  return new Cron(REPORT_SCHEDULE, {
    timezone: timeZone, protect: true,
    catch: (err) => log().error({ err }, 'The 23:50 report run failed'),
  }, measuredJob('reports', async () => {
    const run = await materialiseReports(db, { kind: 'scheduled', timeZone });
    log().info({ runId: run.id, runDate: run.runDate, rows: run.rowCount, ms: run.durationMs }, `Reports materialised: run ${run.id} of ${run.runDate}`);
    await queueReportMails(db, config, run);
  }));
}

/**
 * At start: a snapshot when the latest one is older than the last 23:50 (a first start, or a
 * server that was down at 23:50), so the screens never lag behind their "updates daily" note.
 * It is a manual run: the scheduled run of today's date stays free for tonight.
 */
export async function catchUpReports(db: Knex, timeZone: string, now = new Date()): Promise<ReportRun | undefined> {
  const [lastSlot] = new Cron(REPORT_SCHEDULE, { timezone: timeZone }).previousRuns(1, now);
  const latest = await ReportRun.query(db).max('runAt as at').first().castTo<{ at: Date | null } | undefined>();
  if (latest?.at && lastSlot && new Date(latest.at) >= lastSlot) return undefined;
  return materialiseReports(db, { kind: 'manual', timeZone, now });
}
