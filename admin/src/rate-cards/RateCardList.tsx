import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { DataTable, List, SearchInput, TextField, useTranslate, type RaRecord } from 'react-admin';
import { EmptyList } from '../common/EmptyList';
import { ListActions } from '../common/ListActions';
import { LocalDateField } from '../common/LocalDateField';
import { oneLineCellsExcept, ResponsiveDataTable } from '../common/ResponsiveDataTable';
import { DatePickerInput } from '../common/DateInputs';
import { OrderReferenceField, OrderReferenceInput } from '../orders/OrderReferences';
import { BulkDeleteRecordsButton } from '../trash/DeleteToTrashButtons';
import { LIST_LOAD_ERROR } from '../common/ListLoadError';
import { SelectionFollowsQuery } from '../common/listSelection';
import { MoneyField, Validity } from './rateCardParts';
import { useWithheld } from '../common/useWithheld';

const Column = DataTable.Col;

const MOBILE = {
  primaryText: (card: RaRecord) => card.name as string,
  secondaryText: <Validity />,
};

/** Every column a card names: any vehicle type / area where it names none. */
const AnyReference = ({ source }: { source: 'vehicleTypeId' | 'deliveryAreaId' }) => {
  const translate = useTranslate();
  return (
    <DataTable.Col source={source} render={(card: RaRecord) => (card[source] == null
      ? <span style={{ opacity: 0.7 }}>{translate('rate_cards.any')}</span> : <OrderReferenceField source={source} />)} />
  );
};

/** The rate cards: search, supplier / vehicle type / area filters, the cards valid on a day. */
const RateCardList = () => {
  const translate = useTranslate();
  const withheld = useWithheld('rate_card');
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('rate_cards.search')} sx={{ minWidth: { sm: 280 } }} />,
    <OrderReferenceInput key="supplierId" source="supplierId" alwaysOn sx={{ minWidth: 200 }} />,
    <OrderReferenceInput key="vehicleTypeId" source="vehicleTypeId" />,
    <OrderReferenceInput key="deliveryAreaId" source="deliveryAreaId" />,
    <DatePickerInput key="validOn" source="validOn" label="rate_cards.valid_on" />,
  ];
  return (
    <List {...LIST_LOAD_ERROR} title="rate_cards.titles.list" filters={filters} actions={<ListActions filters columns create />}
      sort={{ field: 'validFrom', order: 'DESC' }} perPage={25} exporter={false}
      empty={<EmptyList icon={<RequestQuoteIcon />} title="rate_cards.empty.title" body="rate_cards.empty.body" />}>
      <SelectionFollowsQuery />
      <ResponsiveDataTable rowClick="edit" hiddenColumns={['updatedAt', 'haulingBuyPrice', 'haulingSalePrice']} phone={MOBILE}
        bulkActionButtons={<BulkDeleteRecordsButton confirmContent="rate_cards.messages.bulk_delete_content" />}
        sx={oneLineCellsExcept('name', 'supplierId', 'vehicleTypeId', 'deliveryAreaId')}>
        <Column source="name"><TextField source="name" sx={{ fontWeight: 600 }} /></Column>
        <Column source="supplierId" disableSort><OrderReferenceField source="supplierId" /></Column>
        <AnyReference source="vehicleTypeId" />
        <AnyReference source="deliveryAreaId" />
        <Column source="validFrom" label="rate_cards.sections.validity"><Validity /></Column>
        {/* The prices of a side the person may not see (field groups) are not columns here. */}
        {!withheld.has('basePurchasePrice') && <Column source="basePurchasePrice" align="right"><MoneyField source="basePurchasePrice" /></Column>}
        {!withheld.has('haulingBuyPrice') && <Column source="haulingBuyPrice" align="right" disableSort><MoneyField source="haulingBuyPrice" /></Column>}
        {!withheld.has('baseSalePrice') && <Column source="baseSalePrice" align="right"><MoneyField source="baseSalePrice" /></Column>}
        {!withheld.has('haulingSalePrice') && <Column source="haulingSalePrice" align="right" disableSort><MoneyField source="haulingSalePrice" /></Column>}
        <Column source="updatedAt"><LocalDateField source="updatedAt" showTime /></Column>
      </ResponsiveDataTable>
    </List>
  );
};

export default RateCardList;
