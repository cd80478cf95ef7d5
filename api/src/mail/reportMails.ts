import type { Knex } from 'knex';
import { REPORT_SUBSCRIPTION_PAGE, type ReportSubscriptionPeriod } from '@kernel/notifications/notificationKinds';
import type { Config } from '../foundation/config';
import { liveRows } from '../db/liveRows';
import { mayOpenPageSql } from '../permissions/access';
import type { ReportRun } from '../reports/ReportRun';
import type { StatisticsParams } from '../reports/reportQueries';
import { queueMails } from './outbox';

/**
 * The report each subscription mails: the reports centre's statistics export by delivery area
 * (so a dispatcher's file lists their own areas), per day over 3 months, per week over 6, per
 * month over 12 (docs/email.md#report-subscriptions).
 */
export const SUBSCRIPTION_REPORTS: Record<ReportSubscriptionPeriod, Omit<StatisticsParams, 'runId'>> = {
  daily: { granularity: 'day', months: 3, dimension: 'delivery_area' },
  weekly: { granularity: 'week', months: 6, dimension: 'delivery_area' },
  monthly: { granularity: 'month', months: 12, dimension: 'delivery_area' },
};

/** The periods that end on `date` ('YYYY-MM-DD'): every day, an ISO week's Sunday, a month's last day. */
export function periodsEndingOn(date: string): ReportSubscriptionPeriod[] {
  const day = new Date(`${date}T00:00:00Z`);
  const tomorrow = new Date(day.getTime() + 86_400_000);
  return ['daily', ...(day.getUTCDay() === 0 ? ['weekly' as const] : []), ...(tomorrow.getUTCDate() === 1 ? ['monthly' as const] : [])];
}

/**
 * After the 23:50 run: one mail per subscriber of each period ending on the run's date who may open
 * the reports (a subscription outlives a denied page, and comes back with it), its CSV made when it
 * is sent (renderMail.ts), in the language and scope the person has then. Keyed by person, period
 * and date, so a second instance's run of the same date queues nothing more.
 */
export async function queueReportMails(db: Knex, config: Pick<Config, 'smtpUrl'>, run: ReportRun): Promise<void> {
  if (!config.smtpUrl) return;
  const subscriptions: Array<{ userId: number; period: ReportSubscriptionPeriod }> = await db('reportSubscriptions as s')
    .join('users as u', 'u.id', 's.userId').whereRaw(liveRows('u')).whereRaw(mayOpenPageSql(REPORT_SUBSCRIPTION_PAGE))
    .whereIn('s.period', periodsEndingOn(run.runDate)).orderBy(['s.userId', 's.period']).select('s.userId', 's.period');
  await queueMails(db, subscriptions.map(({ userId, period }) => ({ userId, template: 'report',
    data: { runId: run.id, runDate: run.runDate, period }, dedupeKey: `report:${userId}:${period}:${run.runDate}` })), config);
}
