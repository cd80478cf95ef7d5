import type { OrderAttachment, OrderEvent } from '@kernel/orders/orderRecords';
import { MAIN_FLOW, type OrderStatus } from './orderModel';

/** The two side states, shown as a flag on the bar rather than as a step. */
export const FLAGS: Partial<Record<OrderStatus, 'warning' | 'error'>> = { vehicle_breakdown: 'warning', cancelled: 'error' };

export interface ProgressStep {
  /** order_progress.step_1 … step_10 */
  label: string;
  done: boolean;
  active: boolean;
  error: boolean;
  /** A note under the label, e.g. a completed order that never got its receipt. */
  hint?: string;
}

/** What the bar reads of the timeline and the papers: the public tracking page has no more. */
type Moves = readonly Pick<OrderEvent, 'fromStatus' | 'toStatus'>[];
type Papers = readonly Pick<OrderAttachment, 'kind'>[];

/** Where on the main flow a status stands: a breakdown is on the road, a cancelled order where it was stopped. */
function flowIndex(status: OrderStatus, events: Moves): number {
  if (status === 'vehicle_breakdown') return MAIN_FLOW.indexOf('in_transit');
  if (status !== 'cancelled') return MAIN_FLOW.indexOf(status);
  const stoppedAt = [...events].reverse().find((event) => event.toStatus === 'cancelled')?.fromStatus;
  return stoppedAt ? flowIndex(stoppedAt, []) : -1;
}

/**
 * The 10 steps of docs/order-status-flow.md#the-10-step-progress-bar: steps 1–8 are the main flow
 * up to awaiting_pod_upload, step 9 (the receipt) is done once a receipt is attached, step 10 when
 * the order is completed. A completed order has every step done; without a receipt, step 9 says so.
 * Only the step of the order's status is active.
 */
export function progressSteps(status: OrderStatus, events: Moves, attachments: Papers): ProgressStep[] {
  const index = flowIndex(status, events);
  const flagged = status in FLAGS;
  const hasReceipt = attachments.some((attachment) => attachment.kind === 'receipt');
  const podStep = MAIN_FLOW.indexOf('awaiting_pod_upload');
  const steps: ProgressStep[] = MAIN_FLOW.slice(0, podStep + 1).map((_, i) => ({
    label: `order_progress.step_${i + 1}`, done: index > i, active: index === i, error: flagged && index === i,
  }));
  const completed = status === 'completed';
  // Step 9 is a mark beside step 8, never the current step: the order waits at awaiting_pod_upload.
  steps.push({ label: 'order_progress.step_9', done: hasReceipt || completed, active: false, error: false,
    hint: completed && !hasReceipt ? 'order_progress.no_receipt' : undefined });
  steps.push({ label: 'order_progress.step_10', done: completed, active: false, error: false });
  return steps;
}
