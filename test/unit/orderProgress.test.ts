import type { OrderAttachment, OrderEvent } from '@kernel/orders/orderRecords';
import type { OrderStatus } from '../../admin/src/orders/orderModel';
import { progressSteps } from '../../admin/src/orders/orderProgressSteps';

const attachment = (kind: 'pod' | 'receipt') => ({ kind }) as OrderAttachment;
const event = (fromStatus: OrderStatus | null, toStatus: OrderStatus) => ({ fromStatus, toStatus }) as OrderEvent;
const done = (status: OrderStatus, attachments: OrderAttachment[] = [], events: OrderEvent[] = []) =>
  progressSteps(status, events, attachments).map((step) => step.done);

describe('the 10-step order progress', () => {
  it('shows every step done on a completed order, with or without a receipt', () => {
    expect(done('completed', [attachment('pod'), attachment('receipt')])).toEqual(Array(10).fill(true));
    expect(done('completed', [attachment('pod')])).toEqual(Array(10).fill(true));
  });

  it('marks only the missing receipt of a completed order, and nothing as the current step', () => {
    const steps = progressSteps('completed', [], [attachment('pod')]);
    expect(steps.map((step) => step.hint)).toEqual([...Array(8).fill(undefined), 'order_progress.no_receipt', undefined]);
    expect(steps.some((step) => step.active)).toBe(false);
    expect(progressSteps('completed', [], [attachment('receipt')])[8].hint).toBeUndefined();
  });

  it('shows only the POD step as current while the receipt is missing, and the receipt step done once attached', () => {
    const waiting = progressSteps('awaiting_pod_upload', [], []);
    expect(waiting.map((step) => step.done)).toEqual([...Array(7).fill(true), false, false, false]);
    expect(waiting.map((step) => step.active)).toEqual([...Array(7).fill(false), true, false, false]);
    expect(progressSteps('awaiting_pod_upload', [], [attachment('receipt')])[8]).toMatchObject({ active: false, done: true });
  });

  it('flags a cancelled order where it was stopped', () => {
    const steps = progressSteps('cancelled', [event('booking_received', 'awaiting_supplier_confirmation'),
      event('awaiting_supplier_confirmation', 'cancelled')], []);
    expect(steps.map((step) => step.error)).toEqual([false, true, ...Array(8).fill(false)]);
    expect(steps.map((step) => step.done)).toEqual([true, ...Array(9).fill(false)]);
  });
});
