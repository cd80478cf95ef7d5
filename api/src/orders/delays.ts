import type { OrderStatus } from '@kernel/orders/statusFlow';
import { CLOSED, PRE_TRANSIT, type DelayKind } from '@kernel/orders/delayKinds';

/* The delay kinds of kernel/orders/delayKinds.ts as SQL over the `orders` table. */

const list = (statuses: readonly OrderStatus[]) => statuses.map((s) => `'${s}'`).join(', ');

// Written as the partial indexes of migrations/20261123000080_monitoring_indexes.ts state them, so the
// planner can use those indexes.
const PULLING_OUT = `(orders.pickup_date < ?::date and orders.status in (${list(PRE_TRANSIT)}))`;
const MOS = `(orders.mos_date < ?::date and orders.status not in (${list(CLOSED)}))`;

/**
 * The SQL condition (over the `orders` table) of one delay kind on the calendar day `today`
 * ('YYYY-MM-DD'), with its bindings: for a where clause or a `count(*) filter (where …)`.
 * Pulling-out delay: the pickup date has passed and the order has not reached `in_transit`.
 * MOS delay: the MOS date has passed and the order is neither completed nor cancelled.
 */
export function delayCondition(kind: DelayKind, today: string): { sql: string; bindings: string[] } {
  if (kind === 'pulling_out') return { sql: PULLING_OUT, bindings: [today] };
  if (kind === 'mos') return { sql: MOS, bindings: [today] };
  return { sql: `(${PULLING_OUT} or ${MOS})`, bindings: [today, today] };
}

/**
 * How many days an order that meets `delayCondition(kind, today)` is late: since the date that
 * passed (for `delayed`, the older of the passed ones).
 */
export function daysOverdueSql(kind: DelayKind, today: string): { sql: string; bindings: string[] } {
  if (kind === 'pulling_out') return { sql: '(?::date - orders.pickup_date)', bindings: [today] };
  if (kind === 'mos') return { sql: '(?::date - orders.mos_date)', bindings: [today] };
  return { sql: `(?::date - least(case when ${PULLING_OUT} then orders.pickup_date end,
    case when ${MOS} then orders.mos_date end))`, bindings: [today, today, today] };
}

/** The calendar date of an instant (by default now) in the server's time zone (the Node process's `TZ`), 'YYYY-MM-DD'. */
export function serverToday(at = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
