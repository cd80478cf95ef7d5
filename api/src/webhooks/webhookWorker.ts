import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { Knex } from 'knex';
import { Webhook as Signer } from 'standardwebhooks';
import type { Config } from '../foundation/config';
import { log } from '../foundation/log';
import { measuredJob } from '../foundation/metrics';
import { GIVE_UP_MS, retryDelayMs } from '../foundation/retryDelay';
import { JOB_LOCKS, withJobLock } from '../db/singleRunner';
import { Order } from '../orders/Order';
import { areasOf } from '../orders/dispatcherScope';
import { ordersResource } from '../orders/ordersResource';
import { maskWithheld, present } from '../resources/resourceRoutes';
import { withheldFrom } from '../permissions/access';
import { User } from '../users/User';
import { pauseFailingWebhooks } from './pausing';
import { send, type Sent } from './send';
import { Webhook } from './Webhook';
import { WebhookDelivery } from './WebhookDelivery';
import { unseal } from '../db/sealedSecret';

/** The worker looks for due deliveries every second. */
const POLL_SCHEDULE = '* * * * * *';
/** At most this many deliveries of one webhook per pass, sent one after another in their order. */
const BATCH = 100;
/**
 * A delivery claimed this long ago and still `sending` was interrupted (the instance stopped): it
 * goes out again, at least once. A pass sends for at most SENDING_MS and each send ends within
 * WEBHOOK_TIMEOUT_MS (10 s by default), so no live send is ever taken for interrupted.
 */
const LEASE_MS = 60_000;
const SENDING_MS = 30_000;
/** A pass goes on with further rounds while there are due deliveries, this long at most. */
const PASS_MS = 20_000;

/**
 * Claims each active webhook's next deliveries: from its oldest open one, while they are pending
 * and due, at most BATCH; none for a webhook whose oldest is being sent or waits for its retry. So
 * a webhook's events go in their order, one pass at a time, whatever instance runs it.
 */
function claimDue(db: Knex, now: Date): Promise<WebhookDelivery[] | undefined> {
  return withJobLock(db, JOB_LOCKS.webhooks, async (trx) => {
    await WebhookDelivery.query(trx).where('status', 'sending').where('nextAttemptAt', '<=', now).patch({ status: 'pending' });
    const { rows } = await trx.raw(`update webhook_deliveries d set status = 'sending', next_attempt_at = ?
      from (select h.id from webhooks w cross join lateral (
          select o.id, bool_and(o.status = 'pending' and o.next_attempt_at <= ?) over (order by o.id) as due
          from (select id, status, next_attempt_at from webhook_deliveries
            where webhook_id = w.id and status in ('pending', 'sending') order by id limit ?) o) h
        where w.active and w.deleted_at is null and h.due) c
      where d.id = c.id returning d.id`, [new Date(now.getTime() + LEASE_MS), now, BATCH]) as { rows: Array<{ id: number }> };
    return rows.length === 0 ? [] : WebhookDelivery.query(trx).whereIn('id', rows.map((row) => row.id)).orderBy('id');
  });
}

interface Logged { changes: Record<string, unknown> | null; actionId: string }

/** What a delivery tells (DESIGN §15): the order as the webhook's user may see it then, and what the change was. */
function bodyOf(delivery: WebhookDelivery, order: Order, logged: Logged | undefined, withheld: ReadonlySet<string>): string {
  return JSON.stringify({
    id: delivery.messageId,
    type: delivery.eventType,
    createdAt: delivery.createdAt.toISOString(),
    data: {
      order: present(ordersResource, order, withheld),
      changes: maskWithheld(logged?.changes ?? delivery.changes ?? {}, withheld),
      actionId: logged?.actionId ?? null,
    },
  });
}

/**
 * The bodies of a webhook's deliveries not yet sent, and their message ids, fixed now and written
 * before the first attempt: every attempt sends the same, also one after an instance stopped in the
 * middle of a send, so a receiver tells a repeat by its id. A delivery whose order its user may not
 * see (not active, or not one of the areas it works in) or that is gone is skipped, with the reason.
 */
async function withBodies(db: Knex, webhook: Webhook, deliveries: WebhookDelivery[]): Promise<Map<number, string>> {
  const skipped = new Map<number, string>();
  const unsent = deliveries.filter((delivery) => delivery.body === null);
  if (unsent.length === 0) return skipped;
  const user = await User.query(db).modify('live').findById(webhook.userId);
  const areas = user ? await areasOf(db, user) : undefined;
  const withheld = user ? await withheldFrom(db, user, 'order') : new Set<string>();
  const orders = new Map((await Order.query(db).whereIn('id', [...new Set(unsent.map((delivery) => delivery.orderId))]))
    .map((order) => [order.id as number, order]));
  const logIds = unsent.flatMap((delivery) => (delivery.logId === null ? [] : [delivery.logId]));
  const logged = new Map<number, Logged>((await db('activityLogs').whereIn('id', logIds).select('id', 'changes', 'actionId'))
    .map((row: Logged & { id: number }) => [row.id, row]));
  for (const delivery of unsent) {
    const order = orders.get(delivery.orderId);
    if (!user || user.status !== 'active') skipped.set(delivery.id, 'user_not_active');
    else if (!order) skipped.set(delivery.id, 'order_gone');
    else if (areas && !areas.includes(order.deliveryAreaId)) skipped.set(delivery.id, 'not_visible');
    else {
      delivery.messageId = `msg_${randomUUID().replace(/-/g, '')}`;
      delivery.body = bodyOf(delivery, order, delivery.logId === null ? undefined : logged.get(delivery.logId), withheld);
    }
  }
  const fixed = unsent.filter((delivery) => delivery.body !== null);
  if (fixed.length > 0) {
    await db.raw(`update webhook_deliveries d set message_id = o.message_id, body = o.body
      from jsonb_populate_recordset(null::webhook_deliveries, ?::jsonb) o
      where d.id = o.id and d.status = 'sending' and d.body is null`,
    [JSON.stringify(fixed.map((delivery) => ({ id: delivery.id, message_id: delivery.messageId, body: delivery.body })))]);
  }
  return skipped;
}

/**
 * Standard Webhooks' headers; a rotated secret still signs beside the new one for its 24 hours. A
 * secret no session key opens (docs/operations.md#secrets-at-rest) signs nothing: the receiver
 * refuses the delivery, which fails and is retried as any other until the key is listed again.
 */
function headersOf(webhook: Webhook, delivery: WebhookDelivery, body: string, now: Date, keys: readonly string[]): Record<string, string> {
  const secrets = [webhook.signingSecret,
    ...(webhook.previousSecret && webhook.previousSecretUntil && webhook.previousSecretUntil > now ? [webhook.previousSecret] : [])]
    .flatMap((stored) => unseal(stored, keys, 'webhook')?.plain ?? []);
  return {
    'webhook-id': delivery.messageId!,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Signer(secret).sign(delivery.messageId!, now, body)).join(' '),
    'user-agent': 'logistics-backoffice-webhooks/1',
  };
}

interface Outcome { id: number; status: string; attempts: number; nextAttemptAt: Date; messageId: string | null; body: string | null;
  responseStatus: number | null; durationMs: number | null; lastError: string | null; lastAttemptAt: Date | null; deliveredAt: Date | null }

/**
 * Sends a webhook's claimed deliveries in order, until one fails or the pass has sent for long
 * enough: the failed one waits for its retry (or fails for good 24 hours after it was queued, by
 * `clock`), the rest go back to pending untouched. Answers each delivery's outcome.
 */
async function sendInOrder(db: Knex, config: Config, webhook: Webhook, deliveries: WebhookDelivery[], clock: Date):
  Promise<{ outcomes: Outcome[]; handled: number; failed: boolean }> {
  const skipped = await withBodies(db, webhook, deliveries);
  const outcomes: Outcome[] = [];
  const started = Date.now();
  let stopped = false;
  let failed = false;
  for (const delivery of deliveries) {
    const kept = { messageId: delivery.messageId, body: delivery.body, responseStatus: delivery.responseStatus, durationMs: delivery.durationMs,
      lastError: delivery.lastError, lastAttemptAt: delivery.lastAttemptAt, deliveredAt: null };
    const reason = skipped.get(delivery.id);
    if (stopped || Date.now() - started > SENDING_MS) {
      stopped = true;
      outcomes.push({ ...kept, id: delivery.id, status: 'pending', attempts: delivery.attempts, nextAttemptAt: delivery.nextAttemptAt });
      continue;
    }
    if (reason) {
      outcomes.push({ ...kept, id: delivery.id, status: 'skipped', attempts: delivery.attempts, nextAttemptAt: clock, lastError: reason });
      continue;
    }
    // Signed at the real time, which receivers compare with theirs; scheduled by the pass's clock.
    const now = new Date();
    const sent: Sent = await send(webhook.url, headersOf(webhook, delivery, delivery.body!, now, config.sessionKeys), delivery.body!, config);
    const attempts = delivery.attempts + 1;
    const attempt = { messageId: delivery.messageId, body: delivery.body, responseStatus: sent.status ?? null, durationMs: sent.durationMs, lastAttemptAt: now };
    if (!sent.error) {
      outcomes.push({ ...attempt, id: delivery.id, status: 'delivered', attempts, nextAttemptAt: now, lastError: null, deliveredAt: new Date() });
      continue;
    }
    failed = true;
    stopped = true;
    const givenUp = clock.getTime() - (delivery.redeliveredAt ?? delivery.createdAt).getTime() >= GIVE_UP_MS;
    outcomes.push({ ...attempt, id: delivery.id, status: givenUp ? 'failed' : 'pending', attempts, lastError: sent.error,
      nextAttemptAt: new Date(clock.getTime() + retryDelayMs(attempts)), deliveredAt: null });
  }
  // Sent, skipped or given up; not those put back for the next pass.
  const handled = outcomes.filter((outcome, n) => outcome.status !== 'pending' || outcome.attempts !== deliveries[n].attempts).length;
  return { outcomes, handled, failed };
}

/** Writes a pass's outcomes in one statement, to the rows as this pass claimed them (still `sending`). */
async function record(db: Knex, outcomes: Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await db.raw(`update webhook_deliveries d set status = o.status, attempts = o.attempts, next_attempt_at = o.next_attempt_at,
      message_id = o.message_id, body = o.body, response_status = o.response_status, duration_ms = o.duration_ms, last_error = o.last_error,
      last_attempt_at = o.last_attempt_at, delivered_at = o.delivered_at
    from jsonb_populate_recordset(null::webhook_deliveries, ?::jsonb) o
    where d.id = o.id and d.status = 'sending'`, [JSON.stringify(outcomes.map((outcome) => ({
    id: outcome.id, status: outcome.status, attempts: outcome.attempts, next_attempt_at: outcome.nextAttemptAt,
    message_id: outcome.messageId, body: outcome.body,
    response_status: outcome.responseStatus, duration_ms: outcome.durationMs, last_error: outcome.lastError,
    last_attempt_at: outcome.lastAttemptAt, delivered_at: outcome.deliveredAt })))]);
}

/** One round: the claimed deliveries sent, webhook by webhook side by side; how many were handled, and whether any webhook failed. */
async function sendRound(db: Knex, config: Config, now: Date): Promise<{ handled: number; failed: boolean }> {
  const claimed = await claimDue(db, now);
  if (!claimed || claimed.length === 0) return { handled: 0, failed: false };
  const webhooks = await Webhook.query(db).whereIn('id', [...new Set(claimed.map((delivery) => delivery.webhookId))]);
  const results = await Promise.all(webhooks.map(async (webhook) => {
    const sent = await sendInOrder(db, config, webhook, claimed.filter((delivery) => delivery.webhookId === webhook.id), now);
    await record(db, sent.outcomes);
    if (sent.failed) await Webhook.query(db).findById(webhook.id).whereNull('failingSince').patch({ failingSince: now });
    else if (webhook.failingSince) await Webhook.query(db).findById(webhook.id).patch({ failingSince: null });
    return sent;
  }));
  return { handled: results.reduce((sum, sent) => sum + sent.handled, 0), failed: results.some((sent) => sent.failed) };
}

/**
 * One pass of the webhook worker (docs/webhooks.md#deliveries): rounds of each webhook's due
 * deliveries, sent in their order, until nothing is left or the pass has run for PASS_MS. A
 * webhook that delivers is no longer failing; one that fails starts failing, and 3 days of failures
 * pause it (pausing.ts). `now` stands for the clock in tests. Answers how many deliveries it sent,
 * skipped or gave up.
 */
export async function sendDueWebhooks(db: Knex, config: Config, now = new Date()): Promise<number> {
  const started = Date.now();
  let handled = 0;
  let failed = false;
  for (;;) {
    const round = await sendRound(db, config, now);
    handled += round.handled;
    failed ||= round.failed;
    if (round.handled === 0 || Date.now() - started > PASS_MS) break;
  }
  if (failed) await pauseFailingWebhooks(db, config, now);
  return handled;
}

/** Starts the worker: a pass every second, never two at once on this instance. */
export function startWebhookWorker(db: Knex, config: Config): Cron {
  return new Cron(POLL_SCHEDULE, {
    protect: true,
    catch: (err) => log().error({ err }, 'The webhook worker failed'),
  }, measuredJob('webhooks', () => sendDueWebhooks(db, config)));
}
