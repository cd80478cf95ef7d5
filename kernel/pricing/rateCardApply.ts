/** What "Apply rate cards" sends and answers (POST /api/rate-cards/apply, docs/pricing.md#rate-cards). */

/** The orders an apply is about: chosen ones, or a pricing filter's unpriced ones. */
export type RateCardApplyScope = { ids: Array<number | string> } | { filter: Record<string, unknown> };

/** POST /api/rate-cards/apply: its preview, or the pricing itself. */
export type RateCardApplyRequest = RateCardApplyScope & { preview: boolean };

/** What an apply does (preview) or did: the orders each card prices, those left without one and why. */
export interface RateCardApplyOutcome {
  chosen: number;
  unpriced: number;
  alreadyPriced: number;
  priced: number;
  cards: Array<{ id: number; name: string; orders: number }>;
  noCard: { no_supplier: number; no_card: number };
  /** Set once applied: the action an undo takes back. */
  actionId?: string | null;
}
