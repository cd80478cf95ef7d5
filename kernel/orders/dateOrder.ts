const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The order of an order's dates (docs/order-status-flow.md#dates): the MOS date and the completion
 * date are never before the pickup date. Calendar dates are 'YYYY-MM-DD', so text order is date
 * order; a value that is no such date is another rule's error, not this one's.
 */
export const isBeforePickup = (date: unknown, pickupDate: unknown): boolean =>
  typeof date === 'string' && typeof pickupDate === 'string' && CALENDAR_DATE.test(date) && CALENDAR_DATE.test(pickupDate)
  && date < pickupDate;
