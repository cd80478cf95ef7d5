/**
 * The events a webhook may hear of (DESIGN §15, docs/webhooks.md#events). `order.updated` is any
 * change of a live order's fields; a status change, a completion and a new price are also told as
 * their own events, to the webhooks that ask for those.
 */
export const WEBHOOK_EVENTS = ['order.created', 'order.updated', 'order.status_changed', 'order.completed', 'order.priced',
  'order.late', 'order.deleted', 'order.restored'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A delivery's states: sent and answered 2xx, waiting (or retrying), being sent, given up, or not the webhook's user's to see. */
export const DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
