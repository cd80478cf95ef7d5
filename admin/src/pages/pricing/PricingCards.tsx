import { Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { RecordContextProvider, useListContext, useTranslate } from 'react-admin';
import { LocalDateField } from '../../common/LocalDateField';
import { useWithheld } from '../../common/useWithheld';
import { OrderReferenceField } from '../../orders/OrderReferences';
import { PriceCell, RowActions, TotalCell } from './PriceCells';
import { editingIdOf, useEditorState } from './PriceEditor';
import { SIDES } from '@kernel/pricing/priceFields';
import type { PricingRecord } from '@kernel/pricing/pricingRecords';
import { OrderNumbers, PricingEmpty } from './PricingTable';
import { PriceSource } from './PriceSource';

const Labelled = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="caption" color="text.secondary" component="div" noWrap>{label}</Typography>
    {children}
  </Box>
);

/** One order on a phone: the same prices as a table row, a side per block, edited in place. */
const PricingCard = ({ record }: { record: PricingRecord }) => {
  const translate = useTranslate();
  const editing = useEditorState((state) => editingIdOf(state) === record.id);
  const label = (field: string) => translate(`resources.orders.fields.${field}`);
  // The sides (and the margin of both) the person may see (field groups).
  const withheld = useWithheld();
  const sides = SIDES.filter(({ total }) => !withheld.has(total));
  return (
    <Card variant="outlined" data-testid="pricing-card" sx={{ bgcolor: editing ? 'action.selected' : undefined }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
          <OrderNumbers record={record} />
          <RowActions record={record} />
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 0.5, color: 'text.secondary' }}>
          <Typography variant="caption" component="div"><OrderReferenceField source="supplierId" /></Typography>
          <LocalDateField source="completionDate" showTime variant="caption" />
          <PriceSource record={record} />
        </Stack>
        {sides.map(({ side, inputs, total }, sideIndex) => (
          <Box key={side} sx={{ mt: 1.5 }}>
            <Typography variant="overline" color="text.secondary">{translate(`pricing.side.${side}`)}</Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
              {inputs.map((field, index) => (
                <Labelled key={field} label={label(field)}>
                  <PriceCell record={record} field={field} fullWidth autoFocus={index === 0 && sideIndex === 0} />
                </Labelled>
              ))}
              <Labelled label={label(total)}><TotalCell record={record} field={total} /></Labelled>
            </Box>
          </Box>
        ))}
        {!withheld.has('margin') && <>
          <Divider sx={{ my: 1.5 }} />
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
            <Typography variant="body2" color="text.secondary">{translate('pricing.columns.margin')}</Typography>
            <TotalCell record={record} field="margin" />
          </Stack>
        </>}
      </CardContent>
    </Card>
  );
};

/** The phone layout of the list: a card per order. */
export const PricingCards = () => {
  const { data, isPending } = useListContext<PricingRecord>();
  if (!isPending && data?.length === 0) return <PricingEmpty />;
  return (
    <Stack spacing={1.5} sx={{ p: 1.5 }}>
      {(data ?? []).map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <PricingCard record={record} />
        </RecordContextProvider>
      ))}
    </Stack>
  );
};
