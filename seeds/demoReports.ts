import type { Knex } from 'knex';
import { materialiseReports } from '../api/src/reports/materialiseReports';
import type { DemoClock } from './demoClock';
import type { Log } from './demoCompany';

/**
 * Which past nights keep a report snapshot. Every snapshot holds 13 months of rollups (some 20,000
 * rows here), so a year of nightly ones would be millions of rows and minutes of seeding: the demo
 * keeps the last NIGHTLY nights, the Sunday nights of the last WEEKLY weeks and every month's last
 * night back to the start of the history, each computed as the 23:50 job computed it that night.
 */
const NIGHTLY = 3;
const WEEKLY = 4;

function snapshotNights(clock: DemoClock): number[] {
  const nights = new Set<number>();
  const tonightDone = clock.now.getTime() >= clock.at(0, 23 + 50 / 60);
  const lastNight = tonightDone ? 0 : -1;
  for (let day = lastNight; day > clock.firstDay; day -= 1) {
    const date = new Date(clock.midnight(day));
    const monthEnd = new Date(clock.midnight(day + 1)).getDate() === 1;
    const sunday = date.getDay() === 0 && day > -7 * WEEKLY;
    if (day > lastNight - NIGHTLY || sunday || monthEnd) nights.add(day);
  }
  return [...nights].sort((a, b) => a - b);
}

/**
 * The snapshots of the past nights, oldest first, each as of 23:50 that night (the orders as they
 * stood then), and a "refresh now" run an administrator took during office hours.
 */
export async function seedReportSnapshots(trx: Knex.Transaction, clock: DemoClock, timeZone: string, adminId: number,
  log: Log): Promise<void> {
  const refreshed = new Date(clock.at(-12, 10.5));
  const runs = [...snapshotNights(clock).map((day) => new Date(clock.at(day, 23 + 50 / 60))), refreshed]
    .sort((a, b) => a.getTime() - b.getTime());
  for (const at of runs) {
    const manual = at === refreshed;
    const run = await materialiseReports(trx, { kind: manual ? 'manual' : 'scheduled', timeZone, now: at });
    if (!manual) continue;
    await trx('reportRuns').where({ id: run.id }).update({ triggeredBy: adminId });
    log(adminId, at, 'create', 'report_run', run.id, { kind: run.kind, runDate: run.runDate, rowCount: run.rowCount });
  }
}
