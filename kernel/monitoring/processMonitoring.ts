import type { OrderStatus } from '../orders/statusFlow';
import type { AreaCounts } from './areaCounts';

/** GET /api/process-monitoring (api/src/monitoring/processMonitoring.ts). */
export interface DelayCounts {
  today: string;
  areas: AreaCounts[];
  totals: Pick<AreaCounts, 'pullingOut' | 'mos' | 'delayed'>;
}

/** GET /api/process-monitoring/orders: one page of the late orders behind a count. */
export interface LateOrder {
  id: number;
  mtmNumber: string;
  dnNumber: string;
  status: OrderStatus;
  pickupDate: string;
  mosDate: string;
  deliveryAreaId: number;
  deliveryAreaName: string | null;
  supplierName: string | null;
  daysOverdue: number;
}
export interface LateOrdersPage {
  /** Exact: the count's own sum. */
  total: number;
  rows: LateOrder[];
}
