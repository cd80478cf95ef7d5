import SelectAllIcon from '@mui/icons-material/SelectAll';
import { useEffect, useMemo } from 'react';
import {
  SelectAllButton, useListContext, useStore, type FilterPayload, type GetListResult, type Identifier, type SelectAllButtonProps,
} from 'react-admin';

/**
 * "All N matching F": the list's filter a selection was made with and how many records it found
 * then. A bulk call taking many ids sends it, and the server refuses (409 selection_changed) when
 * the filter finds other records now (docs/undo.md#selections).
 */
export interface SelectionMatching {
  filter: FilterPayload;
  count: number;
}

/** What a list's selection was made under (kept in react-admin's store beside the selection itself). */
interface SelectionOrigin {
  /** The list's filter, search and sort then. */
  query?: string;
  /** Set by a "select all": the ids it selected, so a tick or untick by hand undoes it. */
  matching?: SelectionMatching & { ids: Identifier[] };
}

const NO_ORIGIN: SelectionOrigin = {};

/** JSON with every object's keys in order: a filter read from the address or from the store is the same text. */
const canonical = (value: unknown): string => JSON.stringify(value, (_key, part: unknown) => (
  part && typeof part === 'object' && !Array.isArray(part)
    ? Object.fromEntries(Object.entries(part).sort(([a], [b]) => (a < b ? -1 : 1)))
    : part));

/**
 * The list's selection and where it came from. `storeKey` is the List's own, when it has one
 * (react-admin keeps the selection under `<storeKey or resource>.selectedIds`).
 */
function useSelectionOrigin(storeKey?: string) {
  const { resource, filterValues, filter, sort, selectedIds, onUnselectItems } = useListContext();
  const [origin, setOrigin] = useStore<SelectionOrigin>(`${storeKey || resource}.selectionOrigin`, NO_ORIGIN);
  const query = canonical([filterValues, sort?.field, sort?.order]);
  // What the list reads, and so what a "select all" selects: the filters shown and the list's fixed one.
  const listFilter = useMemo(() => ({ ...filterValues, ...filter }) as FilterPayload, [filterValues, filter]);
  return { origin, setOrigin, query, listFilter, selectedIds, onUnselectItems };
}

/**
 * A list's selection belongs to the filter, search and sort it was made under (DESIGN §14):
 * changing any of them clears it, also between visits (the selection outlives the page in the
 * store). Turning pages keeps it, as react-admin does. Placed inside every List with bulk actions:
 * `<SelectionFollowsQuery />`, with the List's `storeKey` when it has one.
 */
export const SelectionFollowsQuery = ({ storeKey }: { storeKey?: string }) => {
  const { origin, setOrigin, query, selectedIds, onUnselectItems } = useSelectionOrigin(storeKey);
  const selected = selectedIds.length > 0;
  useEffect(() => {
    // An empty selection takes the query as it is now; a selection made under another one goes.
    if (selected && origin.query !== query) onUnselectItems();
    else if (!selected && (origin.query !== query || origin.matching)) setOrigin({ query });
  }, [selected, origin, query, onUnselectItems, setOrigin]);
  return null;
};

/**
 * A "select all" query's options that remember the selection as "all N matching" the list's
 * filter, when it found fewer than `limit` records (at the limit there may be more).
 */
function useRememberMatching(limit: number, storeKey?: string) {
  const { setOrigin, query, listFilter } = useSelectionOrigin(storeKey);
  return {
    onSuccess: ({ data }: GetListResult) => {
      const ids = data.map(({ id }) => id);
      setOrigin({ query, matching: ids.length < limit ? { filter: listFilter, count: ids.length, ids } : undefined });
    },
  };
}

/**
 * Selects every record the list's filter matches, at most `limit` (react-admin's onSelectAll),
 * remembered as "all N matching" for `useSelectionMatching`.
 */
export function useSelectAllMatching(limit: number, { storeKey, meta }: { storeKey?: string; meta?: Record<string, unknown> } = {}) {
  const { onSelectAll } = useListContext();
  const remember = useRememberMatching(limit, storeKey);
  return () => onSelectAll({ limit, queryOptions: { meta, ...remember } });
}

/**
 * react-admin's "Select all" of the bulk actions toolbar, remembering the selection as "all N
 * matching". With an icon, which is all a phone shows of a button.
 */
export const SelectAllMatchingButton = ({ limit = 250, ...props }: SelectAllButtonProps) => (
  <SelectAllButton limit={limit} queryOptions={useRememberMatching(limit)} {...props}><SelectAllIcon /></SelectAllButton>
);

/**
 * `{ filter, count }` while the selection is the one a "select all" made under the list's current
 * filter, untouched by hand since; undefined otherwise (the selection is then just its ids).
 */
export function useSelectionMatching(storeKey?: string): SelectionMatching | undefined {
  const { origin: { matching }, listFilter, selectedIds } = useSelectionOrigin(storeKey);
  return useMemo(() => {
    if (!matching || matching.ids.length !== selectedIds.length || canonical(matching.filter) !== canonical(listFilter)) return undefined;
    const selected = new Set(selectedIds.map(String));
    return matching.ids.every((id) => selected.has(String(id))) ? { filter: matching.filter, count: matching.count } : undefined;
  }, [matching, listFilter, selectedIds]);
}
