import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { lazy } from 'react';
import { canAccessPageQuery, currentUserQuery, queryClient } from '../providers/queryClient';
import { preloadablePage } from './preloadablePage';

const OrderList = preloadablePage(() => import('./OrderList'));

/**
 * Opened at its own address (a bookmark, a reload, a link), the list starts what its first screen
 * waits for as soon as someone is known to be signed in, rather than after the first renders: the
 * check of the orders page, which the page guard then finds answered, and the list's code. Not
 * before: on a first visit the code's sixty-odd files would hold back who is signed in and the
 * catalog, a browser opening only six connections to a server.
 */
function openedAtTheList() {
  void queryClient.fetchQuery(currentUserQuery).then((user) => {
    if (!user) return;
    void queryClient.prefetchQuery(canAccessPageQuery('orders'));
    // A failed download is tried again, and reported, by the page's own.
    OrderList.preload().catch(() => undefined);
  });
}

if (globalThis.location?.pathname.replace(/\/$/, '') === '/orders') openedAtTheList();

/**
 * The orders resource: the list at /orders and the detail at /orders/{id} (react-admin's
 * edit path, so the detail edits in place). The new-order page has its own route and page key
 * (docs/routes-and-pages.md#route-table).
 */
export default {
  list: OrderList,
  edit: lazy(() => import('./OrderDetail')),
  icon: LocalShippingIcon,
  recordRepresentation: 'mtmNumber',
};

export const OrderCreate = lazy(() => import('./OrderCreate'));
