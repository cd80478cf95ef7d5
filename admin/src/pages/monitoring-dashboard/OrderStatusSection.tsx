import { useTranslate } from 'react-admin';
import { STATUS_COLOURS } from '../../orders/StatusChip';
import { CountBars } from './CountBars';
import { DashboardSection } from './DashboardSection';
import { usePublicMonitoring, type PublicOrderStatus } from './monitoringApi';

/** How many live orders are in each status, in the order of the flow. */
export const OrderStatusSection = () => {
  const translate = useTranslate();
  const query = usePublicMonitoring<PublicOrderStatus>('order-status');
  return (
    <DashboardSection id="order_status" title="monitoring.order_status" query={query}>
      {(data) => (
        <CountBars name={translate('monitoring.orders')} labelWidth={[112, 200]}
          bars={data.statuses.map((s) => ({ key: s.status, label: translate(`order_status.${s.status}`), count: s.count,
            colour: STATUS_COLOURS[s.status] }))} />
      )}
    </DashboardSection>
  );
};
