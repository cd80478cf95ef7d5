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
}
