import WarehouseIcon from '@mui/icons-material/Warehouse';
import { lazy } from 'react';

/** The warehouses resource: list, create, and edit (with deletion) at react-admin's paths. */
export default {
  list: lazy(() => import('./WarehouseList')),
  create: lazy(() => import('./WarehouseCreate')),
  edit: lazy(() => import('./WarehouseEdit')),
  icon: WarehouseIcon,
  recordRepresentation: 'name',
};
