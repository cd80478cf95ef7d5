import type { OrderStatus } from '../orders/statusFlow';

/** A tracking link stops this many days after its order was completed or cancelled (DESIGN §15). */
export const TRACKING_DAYS_AFTER_END = 30;

/**
 * What GET /api/public/track/:token tells anyone holding the link (DESIGN §15,
 * docs/tracking-links.md): never a price, a person, a phone, an e-mail or a note.
 */
export interface TrackedOrder {
  dnNumber: string;
  status: OrderStatus;
  deliveryAreaName: string | null;
  pickupDate: string;
  mosDate: string;
  completionDate: string | null;
  /** Each status change and when it happened, oldest first; not who made it. */
  timeline: Array<{ fromStatus: OrderStatus | null; toStatus: OrderStatus; at: string }>;
  /** The kinds of paper the order has (its progress shows a receipt's and a POD's steps done), not the files. */
  papers: Array<'pod' | 'receipt'>;
}

/** The answer of POST /api/orders/:id/tracking-link: the link's token and when it was made. */
export interface TrackingLink {
  token: string;
  createdAt: string;
}

/** The public page of a token, as the app serves it. */
export const trackingPath = (token: string) => `/t/${token}`;
