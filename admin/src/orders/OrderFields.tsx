import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Labeled, useRecordContext, useTranslate } from 'react-admin';
import { LocalDateField } from '../common/LocalDateField';
import { moneyText } from '../common/moneyText';
import { useWithheld } from '../common/useWithheld';
import { PRICE_FIELDS, type OrderRecord } from '@kernel/orders/orderRecords';
import { priceTotals } from '@kernel/pricing/priceTotals';
import { OrderReferenceField } from './OrderReferences';
import { StatusChip } from './StatusChip';

const Grid = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, gap: 2 }}>
    {children}
  </Box>
);

const Text = ({ value }: { value: string | null | undefined }) => <Typography variant="body2">{value || '—'}</Typography>;

/** Every field of the order, references by name (the view half of the detail's details card). */
export const OrderFields = () => {
  const order = useRecordContext<OrderRecord>();
  if (!order) return null;
  return (
    <Grid>
      <Labeled source="mtmNumber"><Text value={order.mtmNumber} /></Labeled>
      <Labeled source="dnNumber"><Text value={order.dnNumber} /></Labeled>
      <Labeled source="status"><Box><StatusChip status={order.status} /></Box></Labeled>
      <Labeled source="pickupWarehouseId"><OrderReferenceField source="pickupWarehouseId" /></Labeled>
      <Labeled source="deliveryAreaId"><OrderReferenceField source="deliveryAreaId" /></Labeled>
      <Labeled source="assignedUserId"><OrderReferenceField source="assignedUserId" /></Labeled>
      <Labeled source="supplierId"><OrderReferenceField source="supplierId" /></Labeled>
      <Labeled source="vehicleTypeId"><OrderReferenceField source="vehicleTypeId" /></Labeled>
      <Labeled source="pickupDate" data-testid="order-pickup-date"><LocalDateField source="pickupDate" emptyText="—" /></Labeled>
      <Labeled source="mosDate"><LocalDateField source="mosDate" emptyText="—" /></Labeled>
      <Labeled source="completionDate" data-testid="order-completion-date"><LocalDateField source="completionDate" showTime emptyText="—" /></Labeled>
      <Labeled source="createdAt"><LocalDateField source="createdAt" showTime /></Labeled>
      <Labeled source="createdBy"><OrderReferenceField source="createdBy" reference="user-options" /></Labeled>
      <Labeled source="updatedAt"><LocalDateField source="updatedAt" showTime /></Labeled>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Labeled source="notes"><Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>{order.notes || '—'}</Typography></Labeled>
      </Box>
    </Grid>
  );
};

/** The prices of an order the person may see (field groups): none, and the detail has no prices card. */
export const useShownPrices = () => {
  const withheld = useWithheld();
  return PRICE_FIELDS.filter((field) => !withheld.has(field));
};

/** The pricing fields (set in pricing management; the MTM prices computed by the database) the person may see. */
export const OrderPrices = () => {
  const order = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const fields = useShownPrices();
  if (!order) return null;
  const shown = { ...order, ...priceTotals(order) };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }} data-testid="order-prices">
      {fields.map((field) => (
        <Box key={field}>
          <Typography variant="caption" color="text.secondary" component="div">
            {translate(`resources.orders.fields.${field}`)}
          </Typography>
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: field.startsWith('mtm') ? 600 : 400 }}>
            {moneyText(shown[field])}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};
