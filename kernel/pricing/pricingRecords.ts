/** What the pricing routes answer and take (GET /api/pricing…, POST /api/pricing/paste). */
import type { OrderRecord } from '../orders/orderRecords';
import type { PriceInput } from './priceFields';

/**
 * A completed order as GET /api/pricing answers it: money as exact text, the margin computed by
 * the database, null until the pricing is set.
 */
export interface PricingRecord extends OrderRecord {
  margin: string | null;
}

/** GET /api/pricing/stats; the money sums count only the orders whose pricing is set. */
export interface PricingStats {
  pricingComplete: number;
  pricingNotSet: number;
  totalCompleted: number;
  buyTotal: string;
  saleTotal: string;
  margin: string;
}

/** One order of a pasted block as POST /api/pricing/paste takes it: the prices its cells give, under the version shown. */
export type PasteRow = { id: number | string; version: number } & Partial<Record<PriceInput, string | null>>;

/** Why a pasted row was not saved: by price, or by `version` (stale) or `id` (not completed, not shown to the user). */
export interface PasteRefusal {
  id: number | string;
  fields: Record<string, { code: string; params?: Record<string, unknown> }>;
}

/** POST /api/pricing/paste: the saved orders as the list shows them, the refused rows with their reasons. */
export interface PasteAnswer {
  actionId: string | null;
  saved: PricingRecord[];
  refused: PasteRefusal[];
}
