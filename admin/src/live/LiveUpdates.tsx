import { hashKey, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useGetIdentity, useLogoutIfAccessDenied, type Identifier } from 'react-admin';
import type { LiveChange } from '@kernel/live/liveChange';
import { isRecordType, RECORD_TYPE_NAMES, RECORD_TYPES, type RecordTypeName } from '@kernel/resources/recordTypes';
import { useAppDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';
import { TAB_ID } from '../providers/tabId';

const { resource } = queryKeys;

/** The app's own queries a change of a record type makes stale besides its resources': the counts of orders per area. */
const ALSO_AFFECTS: Partial<Record<RecordTypeName, QueryKey[]>> = {
  order: [queryKeys.processMonitoring()],
  delivery_area: [queryKeys.processMonitoring()],
};

/** The resources that show records of a type: its own, the others that list them, its picker (kernel/resources/recordTypes.ts). */
function shownIn(type: RecordTypeName): string[] {
  const { name, shownBy = [], picker } = RECORD_TYPES[type];
  return [name, ...shownBy, ...picker === undefined ? [] : [picker]];
}

/**
 * The queries (by the start of their key) a change of each kind of record makes stale: a record
 * type's, those of the resources that show it; the other logged subjects', those of the screens
 * that show them.
 */
const AFFECTS: Record<string, QueryKey[]> = {
  ...Object.fromEntries(RECORD_TYPE_NAMES.map((type) => [type, [...shownIn(type).map(resource), ...ALSO_AFFECTS[type] ?? []]])),
  permission: [queryKeys.permissions(), queryKeys.accessiblePages(), queryKeys.allPageAccess()],
  report_run: [resource('report-runs'), queryKeys.reports()],
  saved_filter: [queryKeys.allSavedFilters()],
};
/** What a change to the signed-in user's own account makes stale besides: who they are and what they may open. */
const OWN_ACCOUNT = [queryKeys.currentUser(), queryKeys.accessiblePages(), queryKeys.allPageAccess()];
/** What every change makes stale: the log of it, the trash it may have filled or emptied, the dashboard. */
const ALWAYS = [resource('activity-logs'), resource('trash'), queryKeys.dashboard()];

/** The queries of the record a change is about, in each resource that shows it; of all its records when it names none (a batch). */
function recordsOf({ type, id }: LiveChange): QueryKey[] {
  if (!type || !isRecordType(type)) return [];
  return shownIn(type).map((name) => queryKeys.record(name, id ?? undefined));
}

/** The records held by a form being edited (LiveRecordNotice), as `resource:id`, with how many forms hold each. */
const held = new Map<string, number>();

/**
 * Holds a record while a form edits it: its query is not refetched on others' changes, only
 * marked stale, or the form would take the new version and a save would no longer meet the 409
 * that tells of another person's change (docs/api-conventions.md). The notice says so instead. A
 * fetch of it already under way (a change heard just before the form opened) is dropped for the
 * same reason: what it read may be newer than what the form shows, and a save would silently
 * overwrite it. Returns the release, after which a record a change made stale meanwhile is read
 * again if a screen still shows it (the order detail, its editing cancelled).
 */
export function holdRecord(queryClient: QueryClient, resource: string, id: Identifier): () => void {
  const key = `${resource}:${String(id)}`;
  const queryKey = queryKeys.record(resource, id);
  held.set(key, (held.get(key) ?? 0) + 1);
  void queryClient.cancelQueries({ queryKey });
  return () => {
    const count = (held.get(key) ?? 1) - 1;
    if (count > 0) return void held.set(key, count);
    held.delete(key);
    void queryClient.refetchQueries({ queryKey, type: 'active', predicate: ({ state }) => state.isInvalidated });
  };
}

/** react-admin's query of one record (queryKeys.record). */
const isRecordQuery = (queryKey: readonly unknown[]) => queryKey[1] === 'getOne';
const beingEdited = (queryKey: readonly unknown[]) => isRecordQuery(queryKey)
  && held.has(`${String(queryKey[0])}:${String((queryKey[2] as { id?: unknown })?.id)}`);
/**
 * Marks the queries `filters` select stale, and refetches those on screen but the held records'
 * (which stay as they are until their release).
 */
function invalidate(queryClient: QueryClient, filters: { queryKey?: QueryKey }) {
  void queryClient.invalidateQueries({ ...filters, refetchType: 'none' }).then(() => queryClient.refetchQueries({
    ...filters, type: 'active', predicate: ({ queryKey }) => !beingEdited(queryKey) }));
}

/** How long changes gather before the queries they make stale refetch. */
const COALESCE_MS = 100;
/**
 * A stream the server refused while the person is still signed in is opened again after this long,
 * doubling at each refusal in a row up to MAX_REOPEN_MS, a fifth either way (so the tabs of a
 * restarted or overloaded server do not all come back at once); an opened stream starts over.
 */
const REOPEN_MS = 5_000;
const MAX_REOPEN_MS = 120_000;
export const reopenDelay = (refusals: number) => Math.min(REOPEN_MS * 2 ** refusals, MAX_REOPEN_MS) * (0.8 + Math.random() * 0.4);

/** The name of the window event each change is also told as, for the screens that show who changed what. */
export const LIVE_CHANGE_EVENT = 'live-change';

/**
 * The signed-in user's event stream (GET /api/events, one per tab): each change others make marks
 * the queries that show it stale, so what is on screen refetches at once; after a drop (the
 * browser reconnects by itself) or a resync, everything shown refetches. No polling. A stream the
 * server refuses to reopen (its session ended elsewhere: "Where you're signed in", sign out
 * everywhere) is a signed-out tab: the sign-in check then takes it to the sign-in page at once;
 * refused for another reason (the server unavailable), it is opened again a little later.
 */
export const LiveUpdates = () => {
  const queryClient = useQueryClient();
  const dataProvider = useAppDataProvider();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [opening, setOpening] = useState(0);
  const refusals = useRef(0);
  // The server asked afresh whether the person is still signed in: 401 signs the tab out (to the
  // sign-in page, saying the session ended), anything else opens the stream again a little later.
  // Not an effect's dependency: the sign-out changes with the page, and the stream must not reopen at each one.
  const refused = useEffectEvent((reopen: () => void) => {
    dataProvider.currentUser().then((user) => {
      if (user) reopen();
      else void logoutIfAccessDenied({ status: 401 });
    }, reopen);
  });
  const { identity } = useGetIdentity();
  const userId = identity?.id;
  // A pending (self-registered) account may not open it (403): it waits for an administrator.
  const pending = identity?.status === 'pending';
  useEffect(() => {
    // Opened once the user is known.
    if (userId === undefined || pending) return undefined;
    const source = new EventSource('/api/events');
    let dropped = false;
    // A burst of changes (a batch, an import) refetches each query once, not once per change; a
    // resync or a reconnection among them refetches everything once. Two invalidations at once
    // would each fetch: the second cancels the first's request and asks again. A changed record
    // no screen shows is dropped from the cache, not marked stale: react-admin fills its cache of
    // single records from every list it reads, keeping those it has and marking them fresh, so a
    // stale one would pass for current once the list on screen refetched, and show as it was when
    // next opened. Dropped, it is read anew, or taken from the list's current row (every field).
    const stale = new Map<string, QueryKey>();
    const changedRecords = new Map<string, QueryKey>();
    let everything = false;
    let flush: number | undefined;
    const markStale = (keys: QueryKey[] | 'everything', records: QueryKey[] = []) => {
      if (keys === 'everything') everything = true;
      else keys.forEach((key) => stale.set(hashKey(key), key));
      records.forEach((key) => changedRecords.set(hashKey(key), key));
      flush ??= window.setTimeout(() => {
        flush = undefined;
        if (everything) {
          queryClient.removeQueries({ type: 'inactive', predicate: ({ queryKey }) => isRecordQuery(queryKey) });
          invalidate(queryClient, {});
        } else {
          for (const key of changedRecords.values()) queryClient.removeQueries({ queryKey: key, type: 'inactive' });
          for (const key of stale.values()) invalidate(queryClient, { queryKey: key });
        }
        stale.clear();
        changedRecords.clear();
        everything = false;
      }, COALESCE_MS);
    };
    source.addEventListener('change', (event) => {
      const change = JSON.parse((event as MessageEvent<string>).data) as LiveChange;
      window.dispatchEvent(new CustomEvent<LiveChange>(LIVE_CHANGE_EVENT, { detail: change }));
      // This tab's own changes are on screen already (react-admin updates its cache with the
      // answer): a refetch would only take an edited row out from under a filter it no longer
      // meets. The same person's changes in another tab or browser are news like anyone's.
      if (change.tab === TAB_ID) return;
      // Another person's sign-in is a change to their account, not to this person's access.
      const own = change.type === 'user' && change.id === String(userId) ? OWN_ACCOUNT : [];
      markStale([...(change.type ? AFFECTS[change.type] ?? [] : []), ...own, ...ALWAYS], recordsOf(change));
    });
    // The person's own notifications changed (docs/notifications.md#live): the bell refetches.
    source.addEventListener('notification', () => markStale([queryKeys.notifications()]));
    source.addEventListener('resync', () => markStale('everything'));
    let retry: number | undefined;
    source.addEventListener('error', () => {
      dropped = true;
      if (source.readyState !== EventSource.CLOSED) return;
      // Refused, not dropped: the browser will not try again by itself.
      refused(() => {
        retry = window.setTimeout(() => setOpening((n) => n + 1), reopenDelay(refusals.current));
        refusals.current += 1;
      });
    });
    source.addEventListener('open', () => {
      refusals.current = 0;
      if (dropped) markStale('everything');
      dropped = false;
    });
    return () => {
      source.close();
      window.clearTimeout(flush);
      window.clearTimeout(retry);
    };
  }, [queryClient, userId, pending, opening]);
  return null;
};
