import { Alert, Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import { BooleanInput, List, SearchInput, Title, useTranslate } from 'react-admin';
import { useToast } from '../../layout/useToast';
import { PeriodInput } from './PeriodInput';
import { PriceEditorProvider } from './PriceEditor';
import { PricingCards } from './PricingCards';
import { PricingStats } from './PricingStats';
import { PricingTable } from './PricingTable';

/** Spec §2: MTM search, the "pricing not set only" switch, and the year, month or week selection. */
function usePricingFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('pricing.search')} sx={{ minWidth: { sm: 240 } }} />,
    <PeriodInput key="period" source="period" alwaysOn />,
    <BooleanInput key="pricingNotSet" source="pricingNotSet" alwaysOn label="pricing.not_set_only"
      sx={{ mb: 1, ml: { xs: 1.5, sm: 1 } }} />,
  ];
}

const LoadError = () => {
  const translate = useTranslate();
  return <Alert severity="error" sx={{ m: 2 }} data-testid="pricing-load-error">{translate('pricing.load_error')}</Alert>;
};

/**
 * Pricing management (spec §2, DESIGN.md §5): the statistics of the selected period on top, then
 * the completed orders with their six prices edited in place; the MTM prices and the margin are
 * computed by the database and shown as the server answers them.
 */
const PricingPage = () => {
  const translate = useTranslate();
  const toast = useToast();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const onLoadError = (error: Error) => {
    if (!(error as { permission?: boolean }).permission) toast({ variant: 'destructive', title: translate('pricing.load_error') });
  };
  return (
    <Box sx={{ pt: 2 }}>
      <Title title={translate('pricing.title')} />
      <Typography variant="h5" component="h1" data-testid="page-title">{translate('pricing.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>{translate('pricing.intro')}</Typography>
      <List resource="pricing" storeKey="pricing_management" title={false} filters={usePricingFilters()}
        filterDefaultValues={{ period: String(new Date().getFullYear()) }} actions={false} exporter={false}
        sort={{ field: 'completionDate', order: 'DESC' }} perPage={25} empty={false} error={<LoadError />}
        queryOptions={{ onError: onLoadError }} component={Box}>
        <PricingStats />
        <PriceEditorProvider>
          {/* Zero width, then stretched: a wide table scrolls inside the page instead of widening it. */}
          <Box sx={{ bgcolor: 'background.paper', borderRadius: 1, border: 1, borderColor: 'divider', overflowX: 'auto',
            width: 0, minWidth: '100%' }}>
            {small ? <PricingCards /> : <PricingTable />}
          </Box>
        </PriceEditorProvider>
      </List>
    </Box>
  );
};

export default PricingPage;
