import MapIcon from '@mui/icons-material/Map';
import { DataTable, TextField, TextInput, type RaRecord } from 'react-admin';
import { MasterDataList } from '../master-data/MasterDataList';
import { StatusField } from '../common/statuses';
import { LocalDateField } from '../common/LocalDateField';

const Column = DataTable.Col;
const HIDDEN_COLUMNS = ['updatedAt'];

// The server compares the region as "contains", case-insensitive.
const FILTERS = [<TextInput key="region" source="region" alwaysOn sx={{ minWidth: 140 }} />];

const MOBILE = {
  primaryText: (area: RaRecord) => `${area.code} · ${area.name}`,
  secondaryText: (area: RaRecord) => area.region ?? '',
};

/** The delivery areas: search, status and region filters. */
const DeliveryAreaList = () => (
  <MasterDataList texts="delivery_areas" icon={<MapIcon />} sort={{ field: 'code', order: 'ASC' }} filters={FILTERS}
    hiddenColumns={HIDDEN_COLUMNS} mobile={MOBILE}>
    <Column source="code"><TextField source="code" sx={{ fontWeight: 600 }} /></Column>
    <Column source="name" />
    <Column source="region" />
    <Column source="description" disableSort />
    <Column source="status" field={StatusField} />
    <Column source="updatedAt"><LocalDateField source="updatedAt" showTime /></Column>
  </MasterDataList>
);

export default DeliveryAreaList;
