import { MAIN_FLOW, type OrderStatus } from './statusFlow';

/*
 * The delay kinds and the status groups they read: the admin shows them, the server counts them
 * in SQL (api/src/orders/delays.ts).
 */

/** The statuses before `in_transit`: an order in one of them has not pulled out yet. */
export const PRE_TRANSIT: readonly OrderStatus[] = MAIN_FLOW.slice(0, MAIN_FLOW.indexOf('in_transit'));

/** Finished orders: neither late nor open any more. */
export const CLOSED: readonly OrderStatus[] = ['completed', 'cancelled'];

/** The delay warnings of docs/order-status-flow.md#delays; `delayed` is either of the other two. */
export const DELAY_KINDS = ['pulling_out', 'mos', 'delayed'] as const;
export type DelayKind = (typeof DELAY_KINDS)[number];
