import { Box, Typography } from '@mui/material';
import { DataTable, ListBase, useRecordContext, useTranslate, WithListContext } from 'react-admin';
import { MasterDataEdit } from '../master-data/MasterDataEdit';
import { moneyText } from '../common/moneyText';
import { LocalDateField } from '../common/LocalDateField';
import { LIST_TABLE_SX, NO_WRAP } from '../common/ResponsiveDataTable';
import { RateCardForm } from './RateCardForm';

/** One line a cell (a phone scrolls the table in its box rather than break a date into a column of characters). */
const PRICED_ORDERS_SX = { ...LIST_TABLE_SX, '& .RaDataTable-rowCell': NO_WRAP };

/** The orders this card priced (pricing management's list, filtered by the card), inset in the card as the form is. */
const PricedOrders = () => {
  const card = useRecordContext();
  const translate = useTranslate();
  if (!card) return null;
  return (
    <Box sx={{ p: 2, pt: 3 }} data-testid="priced-orders">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{translate('rate_cards.priced_orders')}</Typography>
      <ListBase resource="pricing" filter={{ rateCardId: card.id }} sort={{ field: 'completionDate', order: 'DESC' }} perPage={10}
        disableSyncWithLocation>
        <WithListContext render={({ total, isPending }) => (!isPending && total === 0
          ? <Typography color="text.secondary">{translate('rate_cards.priced_orders_empty')}</Typography>
          : (
            <DataTable bulkActionButtons={false} rowClick={(id) => `/orders/${id}`} sx={PRICED_ORDERS_SX}>
              <DataTable.Col source="mtmNumber" label="resources.orders.fields.mtmNumber" />
              <DataTable.Col source="completionDate" label="resources.orders.fields.completionDate">
                <LocalDateField source="completionDate" />
              </DataTable.Col>
              <DataTable.Col source="mtmBuyPrice" label="resources.orders.fields.mtmBuyPrice" align="right"
                render={(order) => moneyText(order.mtmBuyPrice as string)} />
              <DataTable.Col source="mtmSalePrice" label="resources.orders.fields.mtmSalePrice" align="right"
                render={(order) => moneyText(order.mtmSalePrice as string)} />
            </DataTable>
          ))} />
      </ListBase>
    </Box>
  );
};

const RateCardEdit = () => (
  <MasterDataEdit texts="rate_cards">
    <RateCardForm />
    <PricedOrders />
  </MasterDataEdit>
);

export default RateCardEdit;
