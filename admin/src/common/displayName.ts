import type { RaRecord } from 'react-admin';
import { personName } from '@kernel/users/personName';

/** A record that is named on screen: a person, or master data with its name (and code). */
export type Named = RaRecord & { code?: string; name?: string; firstName?: string; lastName?: string; username?: string };

/** How a referenced record is named on screen: people by name, master data by name (and code in pickers). */
export const displayName = (record: Named) => (record.firstName !== undefined
  ? personName(record)
  : record.name ?? '');
