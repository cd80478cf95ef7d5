import { Model } from 'objection';

/** One materialisation of the reports: a snapshot that old reports open read-only. */
export class ReportRun extends Model {
  static tableName = 'report_runs';

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
