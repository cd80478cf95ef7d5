import { requireActiveUser } from '../middleware/guard';
import { ofPicker, type AnyResource, type Scope } from './resource';

/**
 * The names of a resource's live records for pickers, readable by any active user (not by a pending
 * registration: docs/roles-and-permissions.md#pending-users). An order names a warehouse, a
 * supplier, a vehicle type and a delivery area, but most roles that create or read orders do not
 * hold those master-data pages: their full lists would answer 403. A picker shows `id` and the
 * `shown` fields only, searches and sorts by them, and writes nothing.
 */
export function pickerResource(def: AnyResource, shown: readonly string[], scope?: Scope): AnyResource {
  const { sortable, sortKeys, defaultSort, search, filters } = def.list;
  return {
    ...ofPicker(def.entityType),
    model: def.model,
    guards: { read: requireActiveUser() },
    label: def.label,
    shown,
    scope,
    list: {
      sortable: ['id', ...sortable.filter((field) => shown.includes(field))],
      sortKeys,
      defaultSort,
      search: search.filter((field) => shown.includes(field)),
      filters: Object.fromEntries(Object.entries(filters).filter(([field]) => shown.includes(field))),
    },
  };
}
