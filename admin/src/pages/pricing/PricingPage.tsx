import { Alert, Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import { BooleanInput, List, SearchInput, SelectInput, Title, useTranslate } from 'react-admin';
import { useWithheld } from '../../common/useWithheld';
import { ApplyRateCards } from './ApplyRateCards';
import { PeriodInput } from './PeriodInput';
import { PriceEditorProvider } from './PriceEditor';
import { PricingCards } from './PricingCards';
import { PricingStats } from './PricingStats';
import { EstimatedPagination, LIST_LOAD_ERROR, ListPagination } from '../../common/ListLoadError';
import { PricingTable } from './PricingTable';

/**
 * MTM search, the "pricing not set only" switch, and the year, month or week selection; the
 * switch and the price source only for someone who sees both sides (field groups).
 */
function usePricingFilters() {
  const translate = useTranslate();
  const withheld = useWithheld();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('pricing.search')} sx={{ minWidth: { sm: 240 } }} />,
    <PeriodInput key="period" source="period" alwaysOn />,
    <BooleanInput key="pricingNotSet" source="pricingNotSet" alwaysOn label="pricing.not_set_only"
      sx={{ mb: 1, ml: { xs: 1.5, sm: 1 } }} />,
    <SelectInput key="priceSource" source="priceSource" label="rate_cards.source.filter" alwaysOn sx={{ minWidth: 160 }}
      choices={[{ id: 'card', name: 'rate_cards.source.card' }, { id: 'hand', name: 'rate_cards.source.hand' }]} />,
  ].filter((input) => !withheld.has(String(input.key)));
}

/**
 * Up to 100 orders a page: a key typed redraws the price it goes into and its row's totals, not
 * the page (bench/results/browser.md), so a longer page costs the typing nothing.
 */
const PRICING_PAGINATION = <ListPagination pagination={<EstimatedPagination rowsPerPageOptions={[5, 10, 25, 50, 100]} />} />;

/** The inline alert says a failed load; react-admin's default would add a notification. */
const reportedInline = () => undefined;

const LoadError = () => {
  const translate = useTranslate();
  return <Alert severity="error" sx={{ m: 2 }} data-testid="pricing-load-error">{translate('pricing.load_error')}</Alert>;
};

/**
 * Pricing management (docs/pricing.md#pricing-management): the statistics of the selected period on top, then
 * the completed orders with their six prices edited in place; the MTM prices and the margin are
 * computed by the database and shown as the server answers them.
 */
const PricingPage = () => {
  const translate = useTranslate();
  // A phone edits a card's prices; from a tablet on, the list is the keyboard grid.
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // A rate card sets both sides: applied only by someone who sees both (field groups).
  const withheld = useWithheld();
  return (
    <Box sx={{ pt: 2 }}>
      <Title title={translate('pricing.title')} />
      <Typography variant="h5" component="h1" data-testid="page-title">{translate('pricing.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>{translate(withheld.has('margin') ? 'pricing.intro_one_side' : 'pricing.intro')}</Typography>
      {/* All time by default, newest first: last year's unpriced orders stay in sight in January. */}
      <List {...LIST_LOAD_ERROR} pagination={PRICING_PAGINATION} resource="pricing" storeKey="pricing_management" title={false} filters={usePricingFilters()}
        actions={false} exporter={false} sort={{ field: 'completionDate', order: 'DESC' }} perPage={25} empty={false}
        error={<LoadError />} queryOptions={{ onError: reportedInline }} component={Box}>
        <PricingStats />
        {!withheld.has('margin') && <Box sx={{ mb: 1 }}><ApplyRateCards /></Box>}
        <PriceEditorProvider>
          <Box sx={{ bgcolor: 'background.paper', borderRadius: 1, border: 1, borderColor: 'divider', overflowX: 'auto' }}>
            {small ? <PricingCards /> : <PricingTable />}
          </Box>
        </PriceEditorProvider>
      </List>
    </Box>
  );
};

export default PricingPage;
