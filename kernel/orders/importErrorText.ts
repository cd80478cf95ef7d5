import { isFieldErrorCode } from '../errors/errorCodes';
import type { OrderImportError } from './orderImport';

/** A translate function as react-admin's and the server's catalogs give one: a key and its placeholders' values. */
export type Translate = (key: string, args?: Record<string, unknown>) => string;

/**
 * The order form's own wording of some field codes (the customer's texts, as `orders.<field>.<code>`):
 * the form (admin/src/providers/errorMessages.ts), the import's preview and its error file say them alike.
 */
export const ORDER_FIELD_WORDING: Readonly<Record<string, string>> = {
  'orders.mtmNumber.required': 'order_validation.mtm_required',
  'orders.dnNumber.required': 'order_validation.dn_required',
  'orders.pickupWarehouseId.required': 'order_validation.warehouse_required',
  'orders.assignedUserId.required': 'order_validation.assigned_user_required',
  'orders.deliveryAreaId.required': 'order_validation.delivery_area_required',
  'orders.pickupDate.required': 'order_validation.pickup_date_required',
  'orders.mosDate.required': 'order_validation.mos_date_required',
  'orders.mosDate.too_early': 'order_validation.mos_before_pickup',
  'orders.dnNumber.already_exists': 'order_validation.dn_taken',
  'orders.dnNumber.duplicate': 'order_validation.dn_repeated',
};

/**
 * An import error in the reader's language, from its code and params alone (docs/error-codes.md):
 * a name that matches no record, or several, says which kind of record; a date that is not one
 * quotes the cell and lists the ways a date may be written; the rest say what the order form says.
 */
export function importErrorText({ field, code, params = {} }: Pick<OrderImportError, 'field' | 'code' | 'params'>, translate: Translate): string {
  if ((code === 'unknown_name' || code === 'ambiguous') && typeof params.entity === 'string') {
    return translate(`order_import.${code}.${params.entity}`, params);
  }
  if (code === 'invalid_format' && typeof params.formats === 'string') {
    return translate('order_import.invalid_date', { ...params, formats: params.formats.split(', ').join(translate('order_import.list_separator')) });
  }
  const key = ORDER_FIELD_WORDING[`orders.${field}.${code}`] ?? (isFieldErrorCode(code) ? `errors.${code}` : 'errors.status.400');
  return translate(key, params);
}
