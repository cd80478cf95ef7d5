import type { RaRecord } from 'react-admin';
import { WEBHOOK_EVENTS, type DeliveryStatus, type WebhookEvent } from '@kernel/webhooks/webhookEvents';

/** A webhook as GET /api/webhooks answers it (api/src/webhooks/webhooksResource.ts): never its secret. */
export interface WebhookRecord extends RaRecord {
  url: string;
  events: WebhookEvent[];
  /** None: every area its creator sees. */
  deliveryAreaIds: number[];
  active: boolean;
  userId: number;
  userName: string | null;
  /** Set when 3 days of failures paused it; cleared when it is made active again. */
  pausedAt: string | null;
  failingSince: string | null;
  /** Its deliveries waiting or being sent. */
  openDeliveries: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** A delivery of the log as GET /api/webhook-deliveries answers it (webhookDeliveriesResource.ts). */
export interface WebhookDeliveryRecord extends RaRecord {
  webhookId: number;
  /** Given at its first attempt; none before. */
  messageId: string | null;
  eventType: WebhookEvent;
  orderId: number;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string;
  responseStatus: number | null;
  durationMs: number | null;
  /** A reason of the worker's own (webhookWorker.ts: user_not_active, order_gone, not_visible) or what the send met. */
  lastError: string | null;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
  /** The JSON sent, fixed at the first attempt; none before it. */
  body: string | null;
}

export const EVENT_CHOICES = WEBHOOK_EVENTS.map((id) => ({ id, name: `webhooks.events.${id}` }));

/** What a webhook's form may write; the rest (its creator, pause, counts) is the server's. */
const EDITABLE_FIELDS = ['url', 'events', 'deliveryAreaIds', 'active'] as const;

/** The body of a save: the editable fields and the version the form was opened with (the server's stale check). */
export function toWebhookPayload(data: Partial<WebhookRecord>): Partial<WebhookRecord> {
  const payload: Partial<WebhookRecord> = { version: data.version };
  for (const field of EDITABLE_FIELDS) if (field in data) Object.assign(payload, { [field]: data[field] });
  return payload;
}
