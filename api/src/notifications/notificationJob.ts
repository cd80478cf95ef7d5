import { Cron } from 'croner';
import type { Knex } from 'knex';
import type { Config } from '../foundation/config';
import { JOB_LOCKS, withJobLock } from '../db/singleRunner';
import { serverToday } from '../orders/delays';
import { deleteOldNotifications, notifyLateOrders } from './notificationRules';
import { log } from '../foundation/log';
import { measuredJob } from '../foundation/metrics';

/** Every 5 minutes (docs/notifications.md#the-job). */
export const NOTIFICATION_SCHEDULE = '*/5 * * * *';

/**
 * One run of the notification job: the late orders' notifications, and those past their keeping
 * days deleted. Of several instances running it at once exactly one works: the transaction's
 * advisory lock (released at its end) turns the others away, `{ ran: false }`. A notification
 * still cannot be written twice (the unique index), so a transition's own check may run beside it.
 */
export async function runNotificationJob(db: Knex | Knex.Transaction, config: Pick<Config, 'smtpUrl'>, now = new Date()): Promise<{ ran: boolean }> {
  const ran = await withJobLock(db, JOB_LOCKS.notifications, async (trx) => {
    const today = serverToday(now);
    await notifyLateOrders(trx, config, today);
    await deleteOldNotifications(trx, now, today);
    return true;
  });
  return { ran: ran === true };
}

/** Starts the job on the server's clock; a failed run is logged and the next one tries again. */
export function startNotificationJob(db: Knex, config: Config, timeZone: string): Cron {
  return new Cron(NOTIFICATION_SCHEDULE, {
    timezone: timeZone, protect: true,
    catch: (err) => log().error({ err }, 'The notification job failed'),
  }, measuredJob('notifications', () => runNotificationJob(db, config)));
}
