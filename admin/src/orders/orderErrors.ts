import { useServerErrors, type Reasons } from '../common/useServerErrors';
import { PermissionError } from '../providers/apiRequest';

/** The server's reasons for an order field (api ordersResource.ts: the seed's words) as message keys. */
const ORDER_REASONS: Reasons = {
  'MTM number is required': 'order_validation.mtm_required',
  'DN number is required': 'order_validation.dn_required',
  'Warehouse is required': 'order_validation.warehouse_required',
  'Assigned user is required': 'order_validation.assigned_user_required',
  'Delivery area is required': 'order_validation.delivery_area_required',
  'Pickup date is required': 'order_validation.pickup_date_required',
  'MOS date is required': 'order_validation.mos_date_required',
  'Already exists': 'orders.errors.already_exists',
  'Unknown id': 'orders.errors.unknown_reference',
};

/** The onError of the order forms: field reasons to the form as message keys, a stale version as the conflict. */
export const useOrderErrors = () => useServerErrors(ORDER_REASONS);

/** Refusals of the order calls beyond the forms, recognised by status or wording. */
const REFUSALS: Array<[(status: number, message: string) => boolean, string]> = [
  [(status) => status === 413, 'orders.attachments.too_large'],
  [(status) => status === 415, 'orders.attachments.wrong_type'],
  [(_, message) => /proof of delivery \(POD\)/.test(message), 'orders.transition.pod_required'],
  [(_, message) => /cannot move from/.test(message), 'orders.transition.not_allowed'],
  [(_, message) => /changed by someone else|changed meanwhile/.test(message), 'common.conflict'],
];

export interface OrderError {
  /** The server's own wording. */
  message: string;
  /** A message key when the refusal is a known one. */
  key?: string;
  /** A refused page permission: the global notice has already said so. */
  permission: boolean;
}

/** Reads an error of apiRequest (ApiError) or of the data provider (HttpError) the same way. */
export function readOrderError(error: unknown): OrderError {
  const { status = 0, body, message = '', permission = false } = (error ?? {}) as {
    status?: number; body?: { message?: string }; message?: string; permission?: boolean };
  const text = body?.message ?? message;
  const key = REFUSALS.find(([matches]) => matches(status, text))?.[1];
  return { message: text, key, permission: permission || error instanceof PermissionError };
}
