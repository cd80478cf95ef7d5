import type { RaRecord } from 'react-admin';
import { RECORD_TYPE_NAMES } from '@kernel/resources/recordTypes';

/** A row of GET /api/trash: one soft-deleted record of any resource, id "supplier:7". */
export interface TrashRecord extends RaRecord {
  id: string;
  type: string;
  entityId: number;
  name: string | null;
  deletedAt: string;
  deletedBy: number | null;
  deletedByName: string;
}

/** Every record type's deleted records wait in the trash (kernel/resources/recordTypes.ts). */
export const TRASH_TYPE_CHOICES = RECORD_TYPE_NAMES.map((type) => ({ id: type, name: `entity_types.${type}` }));
