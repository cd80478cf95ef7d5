import type { TranslateFunction } from 'react-admin';
import type { CurrentUser } from '../../providers/dataProvider';

/** A user's role as the dashboard names it: an account waiting for activation has none given yet (its stored role is only a default). */
export const roleText = (user: CurrentUser, translate: TranslateFunction): string =>
  (user.status === 'pending' ? translate('dashboard.role_pending') : translate(`roles.${user.role}`));
