/** One change as the server logs it: before and after, or only that a hidden field changed. */
export type Change = { before?: unknown; after?: unknown } | { changed: true };

/** A row of GET /api/activity-logs. */
export interface ActivityLogRecord {
  id: number;
  userId: number | null;
  username: string | null;
  action: string;
  entityType: string | null;
  /** The record's name (MTM number, name, key) as it was when logged. */
  entityLabel: string | null;
  /** The action on many records this row is one of (an import, a bulk action), and how many rows it has. */
  actionId: string | null;
  actionSize: number | string | null;
  /** The actor's name now; null when they have none. */
  userName: string | null;
  /** The API token a customer's system acted through, by its name (docs/api-conventions.md#api-tokens). */
  tokenName?: string | null;
  entityId: string | null;
  /** Field → change; some actions log plain facts instead (a failed login's username). */
  changes: Record<string, Change | unknown> | null;
  /** Per reference field changed, the names its records had then, by id: `{ deliveryAreaId: { "6": "浦东" } }`; null when it names none (without: names now). */
  referenceNames: Record<string, Record<string, string>> | null;
  ip: string | null;
  userAgent: string | null;
  at: string;
}

export const isHiddenChange = (value: unknown): value is { changed: true } =>
  typeof value === 'object' && value !== null && (value as { changed?: unknown }).changed === true
  && Object.keys(value).length === 1;

export const isBeforeAfter = (value: unknown): value is { before?: unknown; after?: unknown } =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
  && Object.keys(value).length > 0 && Object.keys(value).every((key) => key === 'before' || key === 'after');

export const hasChanges = (record: ActivityLogRecord) => Boolean(record.changes && Object.keys(record.changes).length > 0);
