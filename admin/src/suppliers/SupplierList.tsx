import StoreIcon from '@mui/icons-material/Store';
import { DataTable, TextField, type RaRecord } from 'react-admin';
import { MasterDataList } from '../master-data/MasterDataList';
import { StatusField } from '../common/statuses';
import { LocalDateField } from '../common/LocalDateField';
import { ServiceAreasField } from './ServiceAreas';

const Column = DataTable.Col;
// Shown through the columns button; by default the list fits a laptop screen.
const HIDDEN_COLUMNS = ['contactEmail', 'website', 'address', 'updatedAt'];

const joined = (...parts: unknown[]) => parts.filter(Boolean).join(' · ');

const MOBILE = {
  primaryText: (supplier: RaRecord) => joined(supplier.name, supplier.shortName),
  secondaryText: (supplier: RaRecord) => joined(supplier.contactPerson, supplier.contactPhone),
};

/** The suppliers: search, status filter, their service areas as chips. */
const SupplierList = () => (
  <MasterDataList texts="suppliers" icon={<StoreIcon />} sort={{ field: 'name', order: 'ASC' }}
    hiddenColumns={HIDDEN_COLUMNS} mobile={MOBILE}>
    <Column source="name"><TextField source="name" sx={{ fontWeight: 600 }} /></Column>
    <Column source="shortName" />
    <Column source="contactPerson" />
    <Column source="contactPhone" disableSort />
    <Column source="contactEmail" disableSort />
    <Column source="website" disableSort />
    <Column source="address" disableSort />
    <Column source="serviceAreaIds" disableSort><ServiceAreasField /></Column>
    <Column source="status" field={StatusField} />
    <Column source="updatedAt"><LocalDateField source="updatedAt" showTime /></Column>
  </MasterDataList>
);

export default SupplierList;
