import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { lazy } from 'react';

/** The rate-cards resource (docs/pricing.md#rate-cards): list, create, and edit (with deletion). */
export default {
  list: lazy(() => import('./RateCardList')),
  create: lazy(() => import('./RateCardCreate')),
  edit: lazy(() => import('./RateCardEdit')),
  icon: RequestQuoteIcon,
  recordRepresentation: 'name',
};
