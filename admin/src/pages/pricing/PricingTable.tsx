import { Box, Typography } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import { LocalDateField } from '../../common/LocalDateField';
import { OrderReferenceField } from '../../orders/OrderReferences';
import { PriceCell, RowActions, TotalCell } from './PriceCells';
import { usePriceEditor } from './PriceEditor';
import { SIDES, type PricingRecord } from './pricingModel';

const Column = DataTable.Col<PricingRecord>;
const fieldLabel = (field: string) => `resources.orders.fields.${field}`;

/** The MTM number, with the DN number under it. */
export const OrderNumbers = ({ record }: { record: PricingRecord }) => (
  <Box>
    <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="pricing-mtm">{record.mtmNumber}</Typography>
    <Typography variant="caption" color="text.secondary">{record.dnNumber}</Typography>
  </Box>
);

/** No completed order matches the filters. */
export const PricingEmpty = () => {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary" data-testid="pricing-empty">
      {translate('pricing.empty')}
    </Typography>
  );
};

/**
 * The completed orders, one per row: the order (numbers and supplier) and its completion, then the
 * purchase side and the sale side (three typed prices and the MTM price the database sums), the
 * margin and the row's actions.
 */
export const PricingTable = () => {
  const translate = useTranslate();
  const { editingId } = usePriceEditor();
  return (
    <DataTable rowClick={false} bulkActionButtons={false} empty={<PricingEmpty />}
      rowSx={(record) => (record.id === editingId ? { bgcolor: 'action.selected' } : {})}
      sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        '& .RaDataTable-rowCell': { whiteSpace: 'nowrap', verticalAlign: 'top', px: 0.75 },
        '& .RaDataTable-rowCell.column-completionDate': { whiteSpace: 'normal', minWidth: 90 },
        // Chinese headers break between words only, not after every character.
        '& .RaDataTable-headerCell': { lineHeight: 1.3, px: 0.75, fontSize: '0.8125rem', wordBreak: 'keep-all' },
        '& .pricing-total': { bgcolor: 'action.hover' } }}>
      <Column source="mtmNumber" label="pricing.columns.order" render={(record) => (
        <>
          <OrderNumbers record={record} />
          <Typography variant="caption" color="text.secondary" component="div"
            sx={{ whiteSpace: 'normal', minWidth: 100, maxWidth: 130 }}>
            <OrderReferenceField source="supplierId" />
          </Typography>
        </>
      )} />
      <Column source="completionDate" label={fieldLabel('completionDate')}>
        <LocalDateField source="completionDate" showTime />
      </Column>
      {SIDES.flatMap(({ inputs, total }) => [
        ...inputs.map((field, index) => (
          // Sorted by the MTM totals; a sort arrow on each part would not leave the table room to fit.
          <Column key={field} source={field} label={fieldLabel(field)} align="right" disableSort
            render={(record) => <PriceCell record={record} field={field} autoFocus={index === 0 && total === 'mtmBuyPrice'} />} />
        )),
        <Column key={total} source={total} label={fieldLabel(total)} align="right" cellClassName="pricing-total"
          headerClassName="pricing-total" render={(record) => <TotalCell record={record} field={total} />} />,
      ])}
      <Column source="margin" label={translate('pricing.columns.margin')} align="right" disableSort
        render={(record) => <TotalCell record={record} field="margin" />} />
      <Column label="pricing.columns.actions" render={(record) => <RowActions record={record} />} />
    </DataTable>
  );
};
