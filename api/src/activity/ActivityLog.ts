import { Model } from 'objection';

export class ActivityLog extends Model {
  static tableName = 'activity_logs';

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
