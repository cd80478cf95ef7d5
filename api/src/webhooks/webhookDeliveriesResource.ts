import type { ResourceDef } from '../resources/resource';
import { WebhookDelivery } from './WebhookDelivery';

/**
 * The delivery log of the webhooks (docs/webhooks.md#the-delivery-log): each event's status,
 * attempts, the receiver's answer and time, and the body sent. Written only by the worker and the
 * trigger that queues them; Redeliver is its own route (routes.ts).
 */
export const webhookDeliveriesResource: ResourceDef<WebhookDelivery> = {
  name: 'webhook-deliveries',
  entityType: 'webhook_delivery',
  model: WebhookDelivery,
  pageKey: 'integrations',
  label: 'messageId',
  softDelete: false,
  list: {
    sortable: ['id', 'createdAt', 'status', 'eventType', 'attempts', 'lastAttemptAt'],
    defaultSort: { field: 'id', order: 'desc' },
    search: ['messageId', 'lastError'],
    filters: { webhookId: 'eq', status: 'eq', eventType: 'eq', orderId: 'eq', createdAt: 'range' },
  },
};
