import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { lazy } from 'react';

/** The vehicle-types resource: list, create, and edit (with deletion) at react-admin's paths. */
export default {
  list: lazy(() => import('./VehicleTypeList')),
  create: lazy(() => import('./VehicleTypeCreate')),
  edit: lazy(() => import('./VehicleTypeEdit')),
  icon: LocalShippingIcon,
  recordRepresentation: 'name',
};
