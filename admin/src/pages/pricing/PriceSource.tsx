import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { ReferenceField, TextField, useTranslate } from 'react-admin';
import { priceTotals } from '@kernel/pricing/priceTotals';
import type { PricingRecord } from '@kernel/pricing/pricingRecords';

/**
 * Where an order's prices came from (docs/pricing.md#rate-cards): the rate card that priced it (a
 * link to it), or typed by hand; nothing while its pricing is not set.
 */
export const PriceSource = ({ record }: { record: PricingRecord }) => {
  const translate = useTranslate();
  if (record.rateCardId !== null && record.rateCardId !== undefined) {
    return (
      <Link component={RouterLink} to={`/rate-cards/${record.rateCardId}`} variant="caption" underline="hover" data-testid="price-source-card"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, whiteSpace: 'normal' }}
        title={translate('rate_cards.source.card')}>
        <RequestQuoteIcon sx={{ fontSize: 14 }} aria-label={translate('rate_cards.source.card')} />
        <ReferenceField record={record} source="rateCardId" reference="rate-cards" link={false}>
          <TextField source="name" variant="caption" color="inherit" />
        </ReferenceField>
      </Link>
    );
  }
  // The margin is there once the pricing is set (both base prices).
  if (priceTotals(record).margin === null) return null;
  return <Typography variant="caption" color="text.secondary" data-testid="price-source-hand">{translate('rate_cards.source.hand')}</Typography>;
};
