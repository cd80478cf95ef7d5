import type { Identifier } from 'react-admin';
import type { PriceInput } from '@kernel/pricing/priceFields';
import type { OrderRecord } from '../../orders/orderModel';

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

export { PRICE_INPUTS, SIDES, type PriceInput } from '@kernel/pricing/priceFields';

/** One order of a pasted block as POST /api/pricing/paste takes it: the prices its cells give, under the version shown. */
export type PasteRow = { id: Identifier; version: number } & Partial<Record<PriceInput, string | null>>;

/** Why a pasted row was not saved: by price, or by `version` (stale) or `id` (not completed, not shown to the user). */
export interface PasteRefusal {
  id: Identifier;
  fields: Record<string, { code: string; params?: Record<string, unknown> }>;
}

/** POST /api/pricing/paste: the saved orders as the list shows them, the refused rows with their reasons. */
export interface PasteAnswer {
  actionId: string | null;
  saved: PricingRecord[];
  refused: PasteRefusal[];
}

/** The period filter: a year ('2026'), a month ('2026-11') or an ISO week ('2026-W48'); '' for all time. */
export type PeriodKind = 'year' | 'month' | 'week';
export interface Period {
  year?: number;
  kind: PeriodKind;
  /** The month (1–12) or the ISO week (1–53). */
  part?: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function toPeriodFilter({ year, kind, part }: Period): string | undefined {
  if (!year) return undefined;
  if (kind === 'month' && part) return `${year}-${pad(part)}`;
  if (kind === 'week' && part) return `${year}-W${pad(part)}`;
  return String(year);
}

export function fromPeriodFilter(value: unknown): Period {
  const match = typeof value === 'string' ? /^(\d{4})(?:-(\d{2})|-W(\d{2}))?$/.exec(value) : null;
  if (!match) return { kind: 'year' };
  const year = Number(match[1]);
  if (match[2]) return { year, kind: 'month', part: Number(match[2]) };
  if (match[3]) return { year, kind: 'week', part: Number(match[3]) };
  return { year, kind: 'year' };
}
