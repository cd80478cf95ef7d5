import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { lazy } from 'react';

/**
 * The orders resource: the list at /orders and the detail at /orders/{id} (react-admin's
 * edit path, so the detail edits in place). The new-order page has its own route and page key
 * (docs/routes-and-pages.md#route-table).
 */
export default {
  list: lazy(() => import('./OrderList')),
  edit: lazy(() => import('./OrderDetail')),
  icon: LocalShippingIcon,
  recordRepresentation: 'mtmNumber',
};

export const OrderCreate = lazy(() => import('./OrderCreate'));
