import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { TrackingLink } from '@kernel/tracking/trackedOrder';
import type { ActivityEntry } from '../activity/logActivity';
import type { Ctx } from '../resources/resource';

/** A token: 128 random bits in url-safe base64 (DESIGN §15). */
export const TOKEN = /^[A-Za-z0-9_-]{22}$/;
const newToken = () => randomBytes(16).toString('base64url');

/**
 * The links of orders the caller may see (checked by the caller), in its transaction: each order's
 * own, made now where it has none, or all made anew with `renew` (the old ones then find nothing).
 * Answers them by order id, and the `tracking_link` log rows of those made or renewed, for the
 * caller to write with the rest of its action. Two callers making one order's first link at once
 * both answer the one that was stored: the second insert waits for the first and keeps it.
 */
export async function trackingLinks(trx: Knex.Transaction, ctx: Ctx, orderIds: number[], renew = false):
  Promise<{ links: Map<number, TrackingLink>; logged: ActivityEntry[] }> {
  const had = new Set<number>((await trx('trackingLinks').whereIn('orderId', orderIds).forUpdate().select('orderId'))
    .map((row: { orderId: number }) => row.orderId));
  const made = renew ? orderIds : orderIds.filter((id) => !had.has(id));
  const createdAt = new Date();
  const rows = made.map((orderId) => ({ orderId, token: newToken(), createdBy: ctx.state.user!.id, createdAt }));
  if (rows.length > 0) {
    const insert = trx('trackingLinks').insert(rows).onConflict('orderId');
    await (renew ? insert.merge() : insert.ignore());
  }
  const stored: Array<{ orderId: number; token: string; createdAt: Date }> = await trx('trackingLinks')
    .whereIn('orderId', orderIds).select('orderId', 'token', 'createdAt');
  const links = new Map(stored.map((row) => [row.orderId, { token: row.token, createdAt: new Date(row.createdAt).toISOString() }]));
  const logged = rows.filter((row) => links.get(row.orderId)?.token === row.token).map((row): ActivityEntry => ({
    action: 'tracking_link', entityType: 'order', entityId: row.orderId, changes: { trackingLink: had.has(row.orderId) ? 'renewed' : 'made' } }));
  return { links, logged };
}
