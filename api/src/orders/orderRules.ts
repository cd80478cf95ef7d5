import type { Knex } from 'knex';
import { isBeforePickup } from '@kernel/orders/dateOrder';
import { transitionKind, undoTransitionKind, type OrderStatus } from '@kernel/orders/statusFlow';
import { PRICE_INPUTS } from '@kernel/pricing/priceFields';
import { problem } from '../foundation/httpError';
import type { RecordRules, RecordWrite, Refusals } from '../resources/resource';
import { personTimeZone } from '../monitoring/periods';
import { dateIn } from '../reports/reportPeriods';

/** The orders among `ids` with a proof of delivery (a live `pod` attachment): one statement. */
export async function ordersWithPod(db: Knex | Knex.Transaction, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows: Array<{ orderId: number }> = await db('orderAttachments').whereIn('orderId', ids).where({ kind: 'pod' })
    .whereNull('deletedAt').distinct('orderId');
  return new Set(rows.map((row) => row.orderId));
}

/** A completion date's calendar day where the person is: the day they set it on, compared with the pickup date. */
const completionDay = (value: unknown, zone: string): string | null =>
  (value === null || value === undefined ? null : dateIn(new Date(value as string), zone));

const moves = (w: RecordWrite, field: string) => w.fields.includes(field) && JSON.stringify(w.before[field] ?? null) !== JSON.stringify(w.after[field] ?? null);

/**
 * The rules of orders that hold on every path (docs/order-status-flow.md): a status moves only as
 * the flow lets this person move it (an undo: docs/undo.md#the-rules), and to `completed` only
 * with a proof of delivery; a completed order's pickup and MOS dates are final; the MOS and the
 * completion date are never before the pickup date. One statement (the POD read) however many.
 */
export const orderRules: RecordRules = {
  fieldPages: Object.fromEntries([...PRICE_INPUTS, 'rateCardId'].map((field) => [field, 'pricing_management'])),
  async check(ctx, trx, writes, { undo }) {
    const role = ctx.state.user!.role;
    const refusals: Refusals = new Map();
    const moved = writes.filter((w) => moves(w, 'status'));
    const withPod = await ordersWithPod(trx, moved.filter((w) => w.after.status === 'completed').map((w) => w.id));
    for (const w of moved) {
      const from = w.before.status as OrderStatus;
      const to = w.after.status as OrderStatus;
      const allowed = undo ? undoTransitionKind(from, to, role) : transitionKind(from, to, role);
      if (!allowed) refusals.set(w.id, { field: 'status', problem: problem('not_allowed_from', `Not allowed from ${from}`, { from, to }) });
      else if (to === 'completed' && !withPod.has(w.id)) refusals.set(w.id, { field: 'status', problem: problem('pod_required', 'POD required') });
    }
    // A write that moves a date keeps them in order; one that moves none leaves them as they are.
    for (const w of writes.filter((one) => ['pickupDate', 'mosDate', 'completionDate'].some((field) => moves(one, field)))) {
      if (refusals.has(w.id)) continue;
      const datesMoved = (['pickupDate', 'mosDate'] as const).filter((field) => moves(w, field));
      const { pickupDate } = w.after;
      if (datesMoved.length > 0 && w.before.status === 'completed' && w.after.status === 'completed') {
        refusals.set(w.id, { field: datesMoved[0], problem: problem('order_completed', 'Completed, its dates are final', { orders: String(w.after.mtmNumber) }) });
      } else if (isBeforePickup(w.after.mosDate, pickupDate)) {
        refusals.set(w.id, { field: 'mosDate', problem: problem('too_early', `Cannot be before the pickup date ${pickupDate}`, { min: String(pickupDate) }) });
      } else if (isBeforePickup(completionDay(w.after.completionDate, personTimeZone(ctx)), pickupDate)) {
        refusals.set(w.id, { field: 'completionDate', problem: problem('too_early', `Cannot be before the pickup date ${pickupDate}`, { min: String(pickupDate) }) });
      }
    }
    return refusals;
  },
};
