import type { RaRecord } from 'react-admin';

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

/** The resources whose deleted records wait in the trash (api/src/resources/registry.ts trashable). */
export const TRASH_TYPES = ['order', 'supplier', 'warehouse', 'vehicle_type', 'delivery_area', 'user', 'translation', 'rate_card'] as const;
export const TRASH_TYPE_CHOICES = TRASH_TYPES.map((type) => ({ id: type, name: `entity_types.${type}` }));

/** The API path of one record in the trash, from its list id ("supplier:7"). */
export function trashPath(id: string): string {
  const at = id.lastIndexOf(':');
  return `/api/trash/${encodeURIComponent(id.slice(0, at))}/${encodeURIComponent(id.slice(at + 1))}`;
}

/** The kind of record a resource holds, as the activity log and the trash name it: orders → order, vehicle-types → vehicle_type. */
export const recordType = (resource: string) => resource.replace(/s$/, '').replace(/-/g, '_');
