import type { Role } from '../users/roles';

/**
 * Who may list and download the activity log's archive files, besides holding the `activity_logs`
 * page: a file is a whole month of everyone's actions, sign-ins and addresses included, read
 * outside the app's filters (docs/operations.md#archiving-the-activity-log).
 */
export const LOG_ARCHIVE_ROLES: readonly Role[] = ['admin'];

/** One file of the activity log's archive, as GET /api/activity-logs/archives lists them (newest month first). */
export interface LogArchiveFile {
  /** Its name, which GET /api/activity-logs/archives/:file downloads: activity-logs-2025-01.jsonl.gz. */
  file: string;
  /** The calendar month its rows were logged in, 'YYYY-MM'. */
  month: string;
  /** The rows it holds, as it says itself; null for a file that does not say (recompressed by hand). */
  rows: number | null;
  bytes: number;
}
