import { Model } from 'objection';
import type { DeliveryStatus, WebhookEvent } from '@kernel/webhooks/webhookEvents';

/**
 * One event for one webhook (the outbox, docs/webhooks.md#deliveries): queued by the activity
 * log's trigger in the causing transaction, sent by the worker (webhookWorker.ts).
 */
export class WebhookDelivery extends Model {
  static tableName = 'webhook_deliveries';

  id!: number;
  webhookId!: number;
  /** Given at the first attempt; none before. */
  messageId!: string | null;
  eventType!: WebhookEvent;
  orderId!: number;
  /** The change's log row; none for order.late, which tells its `changes`. */
  logId!: number | null;
  changes!: Record<string, unknown> | null;
  createdAt!: Date;
  status!: DeliveryStatus;
  attempts!: number;
  nextAttemptAt!: Date;
  redeliveredAt!: Date | null;
  body!: string | null;
  responseStatus!: number | null;
  durationMs!: number | null;
  lastError!: string | null;
  lastAttemptAt!: Date | null;
  deliveredAt!: Date | null;
}
