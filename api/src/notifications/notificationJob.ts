import { Cron } from 'croner';
import type { Knex } from 'knex';
import type { Config } from '../foundation/config';
import { serverToday } from '../orders/delays';
import { deleteOldNotifications, notifyLateOrders } from './notificationRules';

/** Every 5 minutes (docs/notifications.md#the-job). */
export const NOTIFICATION_SCHEDULE = '*/5 * * * *';

/** The advisory lock whose holder is the one instance running the job; any number no other lock of the app uses. */
const JOB_LOCK = 2_513_001;

/**
 * One run of the notification job: the late orders' notifications, and those past their keeping
 * days deleted. Of several instances running it at once exactly one works: the transaction's
 * advisory lock (released at its end) turns the others away, `{ ran: false }`. A notification
 * still cannot be written twice (the unique index), so a transition's own check may run beside it.
 */
export async function runNotificationJob(db: Knex | Knex.Transaction, config: Pick<Config, 'smtpUrl'>, now = new Date()): Promise<{ ran: boolean }> {
  return db.transaction(async (trx) => {
    const { rows: [{ locked }] } = await trx.raw('select pg_try_advisory_xact_lock(?::bigint) as locked', [JOB_LOCK]);
    if (!locked) return { ran: false };
    await notifyLateOrders(trx, config, serverToday(now));
    await deleteOldNotifications(trx, now);
    return { ran: true };
  });
}

/** Starts the job on the server's clock; a failed run is logged and the next one tries again. */
export function startNotificationJob(db: Knex, config: Config, timeZone: string): Cron {
  return new Cron(NOTIFICATION_SCHEDULE, {
    timezone: timeZone, protect: true,
    catch: (err) => console.error(`[${new Date().toISOString()}] The notification job failed:`, err),
  }, async () => {
    await runNotificationJob(db, config);
  });
}
