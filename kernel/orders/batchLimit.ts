/**
 * The most orders one batch change takes (docs/order-status-flow.md#batch-modification-completion-date):
 * the server's limit and the batch page's "select all".
 */
export const MAX_BATCH_ORDERS = 10_000;
