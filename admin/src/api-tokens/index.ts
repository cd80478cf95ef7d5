import KeyIcon from '@mui/icons-material/Key';
import { lazy } from 'react';

/** The api-tokens resource (docs/api-conventions.md#api-tokens): the list with its Revoke, and the page that makes one. */
export default {
  list: lazy(() => import('./ApiTokenList')),
  create: lazy(() => import('./ApiTokenCreate')),
  icon: KeyIcon,
  recordRepresentation: 'name',
};
