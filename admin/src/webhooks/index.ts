import WebhookIcon from '@mui/icons-material/Webhook';
import { lazy } from 'react';

/**
 * The webhooks resource (docs/webhooks.md): the list, the page that makes one and shows its
 * secret once, and the edit page with Rotate secret and the delivery log.
 */
export default {
  list: lazy(() => import('./WebhookList')),
  create: lazy(() => import('./WebhookCreate')),
  edit: lazy(() => import('./WebhookEdit')),
  icon: WebhookIcon,
  recordRepresentation: 'url',
};
