import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { DataTable, NumberField, TextField, type RaRecord } from 'react-admin';
import { MasterDataList } from '../master-data/MasterDataList';
import { StatusField } from '../common/statuses';
import { LocalDateField } from '../common/LocalDateField';

const Column = DataTable.Col;
const HIDDEN_COLUMNS = ['updatedAt'];
const TWO_DECIMALS = { maximumFractionDigits: 2 };

const Measure = ({ source }: { source: 'capacityTons' | 'volumeCbm' }) => (
  <NumberField source={source} options={TWO_DECIMALS} emptyText="—" />
);

const MOBILE = {
  primaryText: (type: RaRecord) => `${type.code} · ${type.name}`,
  secondaryText: (type: RaRecord) => [type.capacityTons != null && `${type.capacityTons} t`,
    type.volumeCbm != null && `${type.volumeCbm} m³`].filter(Boolean).join(' · '),
};

/** The vehicle types: search, status filter, sortable by capacity and volume. */
const VehicleTypeList = () => (
  <MasterDataList texts="vehicle_types" icon={<LocalShippingIcon />} sort={{ field: 'code', order: 'ASC' }}
    hiddenColumns={HIDDEN_COLUMNS} mobile={MOBILE}>
    <Column source="code"><TextField source="code" sx={{ fontWeight: 600 }} /></Column>
    <Column source="name" />
    <Column source="capacityTons" align="right"><Measure source="capacityTons" /></Column>
    <Column source="volumeCbm" align="right"><Measure source="volumeCbm" /></Column>
    <Column source="description" disableSort />
    <Column source="status" field={StatusField} />
    <Column source="updatedAt"><LocalDateField source="updatedAt" showTime /></Column>
  </MasterDataList>
);

export default VehicleTypeList;
