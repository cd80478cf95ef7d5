import type { OrderStatus } from '../orders/statusFlow';

/*
 * What the public monitoring endpoints answer (api/src/monitoring/publicMonitoring.ts computes
 * them; the admin's monitoring dashboard reads them): counts, rates, averages and company names only.
 */

export interface Overview {
  totalOrders: number;
  activeSuppliers: number;
  inTransit: number;
  completedToday: number;
}

export interface OrderStatusCounts {
  statuses: Array<{ status: OrderStatus; count: number }>;
}

/** The suppliers with the most sales in the last `days` days (from `fromDate`, 'YYYY-MM-DD'); amounts are decimal strings. */
export interface SupplierFigures {
  fromDate: string;
  days: number;
  suppliers: Array<{ name: string; orderCount: number; salesAmount: string }>;
}

/** Open orders by name; `name` is null for none or a deleted record ("not set"). */
export type OpenOrdersByName = Array<{ name: string | null; openOrders: number }>;

export interface Logistics {
  vehicleTypes: OpenOrdersByName;
  deliveryAreas: OpenOrdersByName;
}

/** A period's completion rate in percent (null without orders): completed ÷ orders picked up so far. */
export interface CompletionRate {
  fromDate: string;
  toDate: string;
  orders: number;
  completed: number;
  rate: number | null;
}

export interface Analytics {
  week: CompletionRate;
  month: CompletionRate;
  averageCompletionDays: { days: number | null; orders: number; windowDays: number };
}

export interface Trend {
  days: Array<{ date: string; booked: number; completed: number }>;
}

/** Each answer carries the time it was computed (ISO 8601): the figures are cached for a minute. */
type Answer<T> = T & { generatedAt: string };
export type PublicOverview = Answer<Overview>;
export type PublicOrderStatus = Answer<OrderStatusCounts>;
export type PublicSuppliers = Answer<SupplierFigures>;
export type PublicLogistics = Answer<Logistics>;
export type PublicAnalytics = Answer<Analytics>;
export type PublicTrend = Answer<Trend>;
