import type { RelationMappings } from 'objection';
import type { WebhookEvent } from '@kernel/webhooks/webhookEvents';
import { RecordModel, belongsTo, manyToMany } from '../db/RecordModel';
import { DeliveryArea } from '../delivery-areas/DeliveryArea';
import { User } from '../users/User';

/**
 * A customer's system's address for order events (DESIGN §15, docs/webhooks.md). It tells what its
 * user may see; its secret signs each delivery.
 */
export class Webhook extends RecordModel {
  static tableName = 'webhooks';

  static relationMappings = (): RelationMappings => ({
    user: belongsTo('webhooks', User, 'userId'),
    /** Only orders of these areas (none: all the user's): the resource's `deliveryAreaIds`. */
    deliveryAreas: manyToMany('webhooks', DeliveryArea, 'webhook_delivery_areas', 'webhookId', 'deliveryAreaId'),
  });

  /** The worker's bookkeeping is no edit of the webhook (no new version). */
  static unversioned = ['failingSince'];

  url!: string;
  events!: WebhookEvent[];
  userId!: number;
  signingSecret!: string;
  previousSecret!: string | null;
  previousSecretUntil!: Date | null;
  active!: boolean;
  pausedAt!: Date | null;
  failingSince!: Date | null;
  createdBy!: number | null;
  deliveryAreaIds!: number[];
}
