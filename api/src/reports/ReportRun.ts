import { Model, type RelationMappings } from 'objection';
import { User } from '../users/User';

/** One materialisation of the reports: a snapshot that old reports open read-only. */
export class ReportRun extends Model {
  static tableName = 'report_runs';

  static relationMappings = (): RelationMappings => ({
    /** The admin of a manual run; null for the scheduled job. */
    triggeredByUser: { relation: Model.BelongsToOneRelation, modelClass: User, join: { from: 'report_runs.triggeredBy', to: 'users.id' } },
  });

  id!: number;
  runAt!: Date;
  /** The run's date in its time zone; the scheduled job runs once per date. */
  runDate!: string;
  kind!: 'scheduled' | 'manual';
  triggeredBy!: number | null;
  timeZone!: string;
  periodFrom!: string;
  periodTo!: string;
  orderCount!: number;
  rowCount!: number;
  durationMs!: number;
}
