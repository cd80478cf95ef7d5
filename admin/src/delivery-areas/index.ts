import MapIcon from '@mui/icons-material/Map';
import { lazy } from 'react';

/** The delivery-areas resource: list, create, and edit (with deletion) at react-admin's paths. */
export default {
  list: lazy(() => import('./DeliveryAreaList')),
  create: lazy(() => import('./DeliveryAreaCreate')),
  edit: lazy(() => import('./DeliveryAreaEdit')),
  icon: MapIcon,
  recordRepresentation: 'name',
};
