/**
 * The fields a bulk edit of orders sets (docs/order-status-flow.md#bulk-edit): the server's body
 * and the order list's "Edit selected" dialog.
 */
export const BULK_EDIT_FIELDS = ['supplierId', 'vehicleTypeId', 'pickupWarehouseId', 'deliveryAreaId', 'assignedUserId',
  'pickupDate', 'mosDate', 'notes'] as const;
export type BulkEditField = (typeof BULK_EDIT_FIELDS)[number];

/** The new values, one per field to set: ids, calendar dates 'YYYY-MM-DD', notes; null clears a supplier, vehicle type or notes. */
export type BulkEditChanges = Partial<Record<BulkEditField, number | string | null>>;

/** The answer of a bulk edit: how many orders changed, and the action id of their log rows (for Undo). */
export interface BulkEditResult {
  updated: number;
  actionId: string;
}
