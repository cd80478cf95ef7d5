/**
 * Delivery notes and labels (docs/printing-and-scanning.md): the layouts the print view offers, the
 * most orders one print takes (the server's limit and the admin's), and what it prints of each.
 */
export const PRINT_LAYOUTS = ['delivery_notes', 'labels'] as const;
export type PrintLayout = (typeof PRINT_LAYOUTS)[number];

export const MAX_PRINT_ORDERS = 500;

/** One order as a delivery note names it: the references by name, as GET /api/orders/delivery-notes answers. */
export interface PrintedOrder {
  id: number;
  mtmNumber: string;
  dnNumber: string;
  supplierName: string | null;
  warehouseName: string | null;
  areaName: string | null;
  vehicleTypeName: string | null;
  assignedName: string | null;
  pickupDate: string;
  mosDate: string;
  notes: string | null;
  /** The order's tracking link (docs/tracking-links.md), if it has one yet: its QR is on the delivery note. */
  trackingToken: string | null;
}

/**
 * The answer of POST /api/orders/print: how many orders, the action, and for delivery notes each
 * printed order's tracking token (made by the print where the order had none), by order id.
 */
export interface PrintRecord {
  printed: number;
  actionId: string;
  trackingTokens: Record<string, string>;
}

/** An order a scanned code names (GET /api/orders/lookup): enough to open it or tick it. */
export interface ScannedOrder {
  id: number;
  mtmNumber: string;
  dnNumber: string;
  status: string;
}
