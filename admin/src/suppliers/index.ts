import StoreIcon from '@mui/icons-material/Store';
import { lazy } from 'react';

/** The suppliers resource: list, create, and edit (with deletion) at react-admin's paths. */
export default {
  list: lazy(() => import('./SupplierList')),
  create: lazy(() => import('./SupplierCreate')),
  edit: lazy(() => import('./SupplierEdit')),
  icon: StoreIcon,
  recordRepresentation: 'name',
};
