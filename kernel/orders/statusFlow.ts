import type { Role } from '../users/roles';

/**
 * The customer's status keys (docs/order-status-flow.md#status-keys), in the order of the main
 * flow, then the two side states.
 */
export const ORDER_STATUSES = ['booking_received', 'awaiting_supplier_confirmation', 'awaiting_receiver_confirmation',
  'awaiting_vehicle_departure', 'vehicle_arrived_warehouse', 'in_transit', 'awaiting_delivery', 'awaiting_pod_upload',
  'completed', 'vehicle_breakdown', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The main flow from booking to completion (docs/order-status-flow.md#status-keys). */
export const MAIN_FLOW: readonly OrderStatus[] = ORDER_STATUSES.slice(0, 9);

/** Forward moves of docs/order-status-flow.md#transitions; anything else is refused. */
const FORWARD: Record<OrderStatus, readonly OrderStatus[]> = {
  booking_received: ['awaiting_supplier_confirmation'],
  awaiting_supplier_confirmation: ['awaiting_receiver_confirmation'],
  awaiting_receiver_confirmation: ['awaiting_vehicle_departure'],
  awaiting_vehicle_departure: ['vehicle_arrived_warehouse'],
  vehicle_arrived_warehouse: ['in_transit'],
  in_transit: ['awaiting_delivery', 'vehicle_breakdown'],
  vehicle_breakdown: ['in_transit', 'awaiting_delivery'],
  awaiting_delivery: ['awaiting_pod_upload'],
  awaiting_pod_upload: ['completed'],
  completed: [],
  cancelled: [],
};

/** Who may step an order back one step of the main flow (recorded like any change). */
const MAY_STEP_BACK: readonly Role[] = ['admin', 'manager'];

export type TransitionKind = 'forward' | 'cancel' | 'back';

/** How `from → to` is allowed for this role, or null when it is not. */
export function transitionKind(from: OrderStatus, to: OrderStatus, role: Role): TransitionKind | null {
  if (FORWARD[from].includes(to)) return 'forward';
  if (to === 'cancelled' && from !== 'completed' && from !== 'cancelled') return 'cancel';
  const index = MAIN_FLOW.indexOf(from);
  if (index > 0 && MAIN_FLOW[index - 1] === to && MAY_STEP_BACK.includes(role)) return 'back';
  return null;
}

/** Every status this role may move an order to from `from`. */
export function nextStatuses(from: OrderStatus, role: Role): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => transitionKind(from, to, role) !== null);
}

/**
 * How an undo may put an order's status back from `from` to `to` (docs/undo.md#the-rules): as a
 * transition this role may make now, or out of a cancellation by an admin or a manager (the undo's
 * 24 hours are the window); nobody else takes an order out of `cancelled`.
 */
export function undoTransitionKind(from: OrderStatus, to: OrderStatus, role: Role): TransitionKind | 'uncancel' | null {
  if (from === 'cancelled') return to !== 'cancelled' && MAY_STEP_BACK.includes(role) ? 'uncancel' : null;
  return transitionKind(from, to, role);
}
