import WarehouseIcon from '@mui/icons-material/Warehouse';
import { DataTable, TextField, type RaRecord } from 'react-admin';
import { MasterDataList } from '../master-data/MasterDataList';
import { StatusField } from '../common/statuses';
import { LocalDateField } from '../common/LocalDateField';

const Column = DataTable.Col;
const HIDDEN_COLUMNS = ['updatedAt'];

const MOBILE = {
  primaryText: (warehouse: RaRecord) => `${warehouse.code} · ${warehouse.name}`,
  secondaryText: (warehouse: RaRecord) => warehouse.address ?? '',
};

/** The pickup warehouses: search, status filter, sortable by code, name and contact. */
const WarehouseList = () => (
  <MasterDataList texts="warehouses" icon={<WarehouseIcon />} sort={{ field: 'code', order: 'ASC' }}
    hiddenColumns={HIDDEN_COLUMNS} mobile={MOBILE}>
    <Column source="code"><TextField source="code" sx={{ fontWeight: 600 }} /></Column>
    <Column source="name" />
    <Column source="address" disableSort />
    <Column source="contactPerson" />
    <Column source="contactPhone" disableSort />
    <Column source="status" field={StatusField} />
    <Column source="updatedAt"><LocalDateField source="updatedAt" showTime /></Column>
  </MasterDataList>
);

export default WarehouseList;
