import { Model, type RelationMappings } from 'objection';
import { User } from '../users/User';

export class ActivityLog extends Model {
  static tableName = 'activity_logs';

  static relationMappings = (): RelationMappings => ({
    /** Who acted; null once that user is purged (the row keeps `username`). */
    user: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'activity_logs.userId', to: 'users.id' } },
  });

  id!: number;
  userId!: number | null;
  username!: string | null;
  action!: string;
  entityType!: string | null;
  entityId!: string | null;
  changes!: Record<string, unknown> | null;
  ip!: string | null;
  userAgent!: string | null;
  at!: Date;
  /** The browser tab that acted, for the live stream only (docs/live-updates.md). */
  tabId!: string | null;
  /** The delivery areas an order was in, for the live stream only. */
  orderAreaIds!: number[] | null;
  /** The name the record had after this change. */
  entityLabel!: string | null;
  /** Shared by the rows of one action on many records. */
  /** The API token the change came through (api-tokens/bearer.ts); null: a person's session. */
  apiTokenId!: number | null;
  actionId!: string | null;
  /** Whether the row stands for its action in the grouped view: its first row, or a row of no action. */
  leads!: boolean;
}
