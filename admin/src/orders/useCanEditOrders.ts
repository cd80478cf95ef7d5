import { useCanAccess } from 'react-admin';

/**
 * Creating, editing, deleting, moving an order's status and uploading or deleting its attachments
 * need the new_order page (docs/roles-and-permissions.md#api-routes-and-their-page-keys); the
 * orders page alone only reads. The server refuses the rest anyway: this keeps the buttons that
 * would fail off the screen. False until the answer comes.
 */
export const useCanEditOrders = (): boolean =>
  useCanAccess({ resource: 'new_order', action: 'access' }).canAccess === true;
