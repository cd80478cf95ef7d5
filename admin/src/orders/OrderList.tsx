import AddIcon from '@mui/icons-material/Add';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { Box, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import {
  BulkActionsToolbar, Button, DataTable, FilterButton, List, TextField, TopToolbar, useTranslate,
} from 'react-admin';
import { LocalDateField } from '../common/LocalDateField';
import { SelectAllMatchingButton, SelectionFollowsQuery } from '../common/listSelection';
import { oneLineCellsExcept, ResponsiveColumnsButton, ResponsiveDataTable, type PhoneLines } from '../common/ResponsiveDataTable';
import { BulkDeleteRecordsButton } from '../trash/DeleteToTrashButtons';
import { BulkAssignButton } from './BulkAssignButton';
import { BulkEditButton } from './BulkEditButton';
import { BulkStatusButton } from './BulkStatusButton';
import { BulkPrintButton } from './print/PrintButtons';
import { ExportCsvButton } from '../common/ExportCsvButton';
import { OrderImport, OrderImportButton } from './import/OrderImportButton';
import { useOrderFilters } from './orderFilters';
import type { OrderRecord } from '@kernel/orders/orderRecords';
import { orderPath } from './orderModel';
import { OrderPagination } from './OrderPagination';
import { OrderReferenceField } from './OrderReferences';
import { SavedFilters } from './SavedFilters';
import { StatusField } from './StatusChip';
import { ListLoadError, ListPagination } from '../common/ListLoadError';
import { useCanEditOrders } from './useCanEditOrders';

/** The new-order page is its own route (/new-order) under its own page key. */
const NewOrderButton = ({ variant }: { variant?: 'contained' }) => {
  if (!useCanEditOrders()) return null;
  return <Button component={Link} to="/new-order" label="menu.new_order" variant={variant}><AddIcon /></Button>;
};

/** No order at all yet (the server's answer, so for a dispatcher: none in their areas). */
const NoOrders = () => {
  const translate = useTranslate();
  return (
    <Box data-testid="empty-list" sx={{ textAlign: 'center', py: 8, px: 2, mx: 'auto', maxWidth: 480, color: 'text.secondary' }}>
      <LocalShippingIcon sx={{ fontSize: 72, opacity: 0.5 }} />
      <Typography variant="h6" color="text.primary" sx={{ mt: 1 }}>{translate('orders.list.empty_title')}</Typography>
      <Typography variant="body2" sx={{ mb: 3 }}>{translate('orders.list.empty_body')}</Typography>
      <Stack direction="row" sx={{ gap: 1, justifyContent: 'center' }}>
        <NewOrderButton variant="contained" />
        <OrderImportButton variant="outlined" />
      </Stack>
    </Box>
  );
};

const ListActions = () => (
  <TopToolbar>
    <SavedFilters />
    <FilterButton disableSaveQuery />
    <NewOrderButton />
    <OrderImportButton />
    <ResponsiveColumnsButton />
    <ExportCsvButton label="orders.actions.export_csv" />
  </TopToolbar>
);

/**
 * Printing needs only the orders page; the changes need the right to edit orders. Its "Select all"
 * is remembered as "all N matching" the filter, which the bulk edit sends (docs/undo.md#selections).
 */
const BulkActions = ({ editable }: { editable: boolean }) => (
  <BulkActionsToolbar selectAllButton={<SelectAllMatchingButton />}>
    <BulkPrintButton />
    {editable && (
      <>
        <BulkEditButton />
        <BulkStatusButton />
        <BulkAssignButton />
        <BulkDeleteRecordsButton />
      </>
    )}
  </BulkActionsToolbar>
);

const Column = DataTable.Col<OrderRecord>;
// Shown through the columns button; by default the list fits a laptop screen.
const HIDDEN_COLUMNS = ['vehicleTypeId', 'completionDate', 'pickupWarehouseId', 'assignedUserId', 'createdAt'];

const TABLE_SX = oneLineCellsExcept('deliveryAreaId', 'pickupWarehouseId', 'supplierId', 'vehicleTypeId');

const MtmNumber = () => <TextField source="mtmNumber" sx={{ fontWeight: 600 }} />;
const PlainDate = ({ source }: { source: 'pickupDate' | 'mosDate' }) => (
  <LocalDateField source={source} sx={{ fontVariantNumeric: 'tabular-nums' }} />
);

const PhoneDetails = () => (
  <>
    <TextField source="dnNumber" /> · <PlainDate source="pickupDate" />
    <Box component="span" sx={{ display: 'block' }}><OrderReferenceField source="deliveryAreaId" /></Box>
  </>
);

/** On a phone: the MTM number and status, then the DN number and pickup day, then the delivery area. */
const PHONE: PhoneLines<OrderRecord> = {
  primaryText: <MtmNumber />,
  secondaryText: <PhoneDetails />,
  tertiaryText: () => <StatusField />,
};

/**
 * The orders: filters (saved per user as presets), status chips, sortable columns, the server's
 * CSV export, the spreadsheet import, and bulk edit, status change, assignment and deletion (for those who may edit orders). A
 * regional dispatcher's list holds only their areas' orders: the server narrows it.
 */
const OrderList = () => {
  const filters = useOrderFilters();
  const editable = useCanEditOrders();
  return (
    <OrderImport>
      {/*
        The page guard has checked the orders page before drawing the list (App.tsx): the list's own
        checks, of who is signed in and then of the same page, would hold its request back two renders.
      */}
      <List disableAuthentication filters={filters} actions={<ListActions />} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}
        error={<ListLoadError />} pagination={<ListPagination pagination={<OrderPagination />} />} exporter={false} empty={<NoOrders />}>
        <SelectionFollowsQuery />
        {/* `bulkActionButtons` turns the checkboxes on; the toolbar holds the buttons. */}
        <ResponsiveDataTable rowClick={(id) => orderPath(id)} bulkActionButtons bulkActionsToolbar={<BulkActions editable={editable} />}
          hiddenColumns={HIDDEN_COLUMNS} phone={PHONE} sx={TABLE_SX}>
          <Column source="mtmNumber"><MtmNumber /></Column>
          <Column source="dnNumber" />
          <Column source="status" field={StatusField} />
          <Column source="deliveryAreaId" disableSort><OrderReferenceField source="deliveryAreaId" /></Column>
          <Column source="pickupWarehouseId" disableSort><OrderReferenceField source="pickupWarehouseId" /></Column>
          <Column source="supplierId" disableSort><OrderReferenceField source="supplierId" /></Column>
          <Column source="vehicleTypeId" disableSort><OrderReferenceField source="vehicleTypeId" /></Column>
          <Column source="assignedUserId" disableSort><OrderReferenceField source="assignedUserId" /></Column>
          <Column source="pickupDate"><PlainDate source="pickupDate" /></Column>
          <Column source="mosDate"><PlainDate source="mosDate" /></Column>
          <Column source="completionDate"><LocalDateField source="completionDate" showTime emptyText="—" /></Column>
          <Column source="createdAt"><LocalDateField source="createdAt" /></Column>
        </ResponsiveDataTable>
      </List>
    </OrderImport>
  );
};

export default OrderList;
