import { Box, Typography } from '@mui/material';
import { useEffect, useEffectEvent } from 'react';
import { DataTable, List, SearchInput, TextField, useListContext, useTranslate } from 'react-admin';
import { OrderReferenceField, OrderReferenceInput } from '../../orders/OrderReferences';
import type { OrderRecord } from '@kernel/orders/orderRecords';
import { LocalDateField } from '../../common/LocalDateField';
import { LIST_TABLE_SX, oneLineCellsExcept, usePhone } from '../../common/ResponsiveDataTable';
import { LIST_LOAD_ERROR } from '../../common/ListLoadError';
import { SelectionFollowsQuery } from '../../common/listSelection';
import { BATCH_STORE_KEY, SelectionBar } from './SelectionBar';

/** One search box for the MTM and DN numbers (the server's `q`), a supplier and a delivery area. */
function useBatchFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('batch_modification.search')} sx={{ minWidth: { sm: 280 } }} />,
    <OrderReferenceInput key="supplierId" source="supplierId" alwaysOn sx={{ minWidth: { sm: 260 } }} />,
    <OrderReferenceInput key="deliveryAreaId" source="deliveryAreaId" alwaysOn sx={{ minWidth: { sm: 260 } }} />,
  ];
}

/**
 * A selection is a task in progress on this page. react-admin keeps it in the (local-storage)
 * store, so without this a later visit would start with orders selected that it does not show.
 */
const ForgetSelectionOnLeave = () => {
  const { onUnselectItems } = useListContext();
  const forget = useEffectEvent(() => onUnselectItems());
  useEffect(() => () => forget(), []);
  return null;
};

const Column = DataTable.Col<OrderRecord>;

const MtmNumber = () => <TextField source="mtmNumber" sx={{ fontWeight: 600 }} />;

/** On a phone the DN number goes under the MTM number: the row keeps to the screen's width. */
const MtmAndDnNumbers = () => (
  <>
    <MtmNumber />
    <TextField source="dnNumber" variant="caption" color="text.secondary" sx={{ display: 'block' }} />
  </>
);

/** On a phone the table keeps what identifies an order and what this page changes. */
const OrdersTable = () => {
  const small = usePhone();
  return (
    // `bulkActionButtons` only turns the checkboxes on: the selection bar above replaces the toolbar.
    <DataTable rowClick="toggleSelection" bulkActionButtons bulkActionsToolbar={false}
      sx={[LIST_TABLE_SX, oneLineCellsExcept('supplierId', 'deliveryAreaId'),
        // On a phone the date-time takes two lines so that the row fits the screen.
        { '& td.column-completionDate': { whiteSpace: { xs: 'normal', sm: 'nowrap' } } }]}>
      <Column source="mtmNumber">{small ? <MtmAndDnNumbers /> : <MtmNumber />}</Column>
      {!small && <Column source="dnNumber" />}
      {!small && <Column source="supplierId" disableSort><OrderReferenceField source="supplierId" /></Column>}
      {!small && <Column source="deliveryAreaId" disableSort><OrderReferenceField source="deliveryAreaId" /></Column>}
      {!small && <Column source="mosDate"><LocalDateField source="mosDate" /></Column>}
      <Column source="completionDate">
        <LocalDateField source="completionDate" showTime emptyText="—" />
      </Column>
    </DataTable>
  );
};

/**
 * The server changes the completion date of completed orders only, refusing a selection that holds
 * any other (docs/order-status-flow.md#batch-modification-completion-date): the page lists nothing
 * else, so nothing else can be picked.
 */
const ONLY_COMPLETED = { status: 'completed' };

/**
 * The batch modification page (docs/admin-screens.md#what-the-pages-hold): search the completed
 * orders, select some or all of the results, and set their completion date in one all-or-nothing
 * call. It lists through the stock data provider, under its own store key so the order list's
 * filters and selection stay apart.
 */
const BatchModificationPage = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ pt: 2 }}>
      <Typography variant="h5" component="h1" data-testid="page-title">{translate('menu.batch_modification')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>{translate('batch_modification.intro')}</Typography>
      <List {...LIST_LOAD_ERROR} resource="orders" storeKey={BATCH_STORE_KEY} title="menu.batch_modification" filters={useBatchFilters()}
        filter={ONLY_COMPLETED} actions={false} empty={false} exporter={false} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
        <ForgetSelectionOnLeave />
        <SelectionFollowsQuery storeKey={BATCH_STORE_KEY} />
        <SelectionBar />
        <OrdersTable />
      </List>
    </Box>
  );
};

export default BatchModificationPage;
