import Router from '@koa/router';
import type { AppState } from '../foundation/appState';
import { httpError } from '../foundation/httpError';
import { logActivity } from '../activity/logActivity';
import { requirePage } from '../middleware/guard';
import { pathId } from '../resources/pathId';
import type { Ctx } from '../resources/resource';
import { present } from '../resources/resourceRoutes';
import { webhookDeliveriesResource } from './webhookDeliveriesResource';
import { WebhookDelivery } from './WebhookDelivery';

/**
 * Redeliver (docs/webhooks.md#the-delivery-log): the delivery is due again at once, the same
 * message (its id, its body) with a new 24 hours of retries; it goes out in its place in the
 * webhook's order. Not while it is being sent.
 */
async function redeliver(ctx: Ctx) {
  const id = pathId(ctx);
  const delivery = await ctx.state.db.transaction(async (trx) => {
    const existing = await WebhookDelivery.query(trx).findById(id).forUpdate();
    if (!existing) throw httpError('not_found', `No webhook delivery with id ${id}`, { params: { entity: 'webhook_delivery', id } });
    if (existing.status === 'sending') throw httpError('delivery_in_progress', 'This delivery is being sent: wait for its outcome');
    const now = new Date();
    const again = await WebhookDelivery.query(trx).patchAndFetchById(id, { status: 'pending', nextAttemptAt: now, redeliveredAt: now });
    await logActivity(trx, ctx, { action: 'redeliver', entityType: 'webhook', entityId: existing.webhookId,
      changes: { delivery: existing.id, messageId: existing.messageId, eventType: existing.eventType,
        status: { before: existing.status, after: 'pending' } } });
    return again;
  });
  ctx.body = present(webhookDeliveriesResource, delivery);
}

export const webhookRoutes = new Router<AppState>({ prefix: '/api' })
  .post('/webhook-deliveries/:id/redeliver', requirePage('integrations'), redeliver);
