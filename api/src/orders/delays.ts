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
 * The same condition over the open orders counted by area, pre-transit or not, pickup and MOS date
 * (`open_order_dates c`, migrations/20261126000110_open_order_dates.ts), whose rows are all live and
 * neither completed nor cancelled.
 */
export function countedDelayCondition(kind: DelayKind, today: string): { sql: string; bindings: string[] } {
  const pullingOut = '(c.pre_transit and c.pickup_date < ?::date)';
  const mos = '(c.mos_date < ?::date)';
  if (kind === 'pulling_out') return { sql: pullingOut, bindings: [today] };
  if (kind === 'mos') return { sql: mos, bindings: [today] };
  return { sql: `(${pullingOut} or ${mos})`, bindings: [today, today] };
}

/** The date whose passing makes an order late by pulling out or by MOS. */
export const overdueSince = (kind: Exclude<DelayKind, 'delayed'>) => (kind === 'pulling_out' ? 'orders.pickupDate' : 'orders.mosDate');

/** The calendar date of an instant (by default now) in the server's time zone (the Node process's `TZ`), 'YYYY-MM-DD'. */
export function serverToday(at = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
