import { Cron } from 'croner';
import type { Knex } from 'knex';
import type { Config } from '../foundation/config';
import { liveRows } from '../db/liveRows';
import { delayCondition, serverToday } from '../orders/delays';
import { queueMails, type QueuedMail } from './outbox';
import { JOB_LOCKS, withJobLock } from '../db/singleRunner';
import { log } from '../foundation/log';
import { measuredJob } from '../foundation/metrics';

/** A digest lists this many late orders; the rest it counts. */
export const DIGEST_MAX_ORDERS = 50;

/** The digest job runs every 5 minutes: a person's digest goes out in the first run of their hour. */
const DIGEST_SCHEDULE = '*/5 * * * *';

export interface DigestOrder { id: number; mtmNumber: string; dnNumber: string; kind: 'pulling_out' | 'mos' }

/**
 * A person's late orders by process monitoring's rules (orders/delays.ts): a regional dispatcher's
 * are the orders of their areas, anyone else's the orders assigned to them
 * (docs/email.md#daily-digest).
 */
async function lateOrdersOf(db: Knex, user: { id: number; role: string }, today: string) {
  const late = delayCondition('delayed', today);
  const pullingOut = delayCondition('pulling_out', today);
  const query = db('orders').whereRaw(liveRows('orders')).whereRaw(late.sql, late.bindings);
  if (user.role === 'regional_dispatcher') {
    query.whereIn('orders.deliveryAreaId', db('userDeliveryAreas').where({ userId: user.id }).select('deliveryAreaId'));
  } else {
    query.where('orders.assignedUserId', user.id);
  }
  const [{ count }] = await query.clone().count({ count: '*' });
  const orders: DigestOrder[] = await query.orderBy(['orders.pickupDate', 'orders.id']).limit(DIGEST_MAX_ORDERS)
    .select('orders.id', 'orders.mtmNumber', 'orders.dnNumber',
      db.raw(`case when ${pullingOut.sql} then 'pulling_out' else 'mos' end as kind`, pullingOut.bindings));
  return { count: Number(count), orders };
}

/**
 * Queues the digest of everyone whose digest hour is the hour of `now` (server time) and who has
 * late orders, once per person and day (dedupe key digest:<user>:<date>), on one instance at a time.
 */
export async function queueDigests(db: Knex, config: Pick<Config, 'smtpUrl'>, now = new Date()): Promise<void> {
  if (!config.smtpUrl) return;
  const today = serverToday(now);
  await withJobLock(db, JOB_LOCKS.mail, async (trx) => {
    const people: Array<{ id: number; role: string }> = await trx('mailSettings as m').join('users as u', 'u.id', 'm.userId')
      .where({ 'm.digestHour': now.getHours(), 'u.status': 'active' }).whereRaw(liveRows('u'))
      .whereNotExists(trx('mailOutbox').whereRaw("dedupe_key = 'digest:' || u.id || ':' || ?", [today]))
      .orderBy('u.id').select('u.id', 'u.role');
    const mails: QueuedMail[] = [];
    for (const person of people) {
      const { count, orders } = await lateOrdersOf(trx, person, today);
      if (count > 0) mails.push({ userId: person.id, template: 'digest', data: { date: today, count, orders }, dedupeKey: `digest:${person.id}:${today}` });
    }
    await queueMails(trx, mails, config);
  });
}

/** Starts the digest job while e-mail is on; a run that fails is logged and the next one tries again. */
export function startDigestJob(db: Knex, config: Config): Cron | undefined {
  if (!config.smtpUrl) return undefined;
  return new Cron(DIGEST_SCHEDULE, {
    protect: true,
    catch: (err) => log().error({ err }, 'The mail digest job failed'),
  }, measuredJob('digest', () => queueDigests(db, config)));
}
