import { useContext } from 'react';
import {
  DataProviderContext, fetchUtils, HttpError, type DataProvider, type GetListParams, type Identifier, type RaRecord,
} from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import type { FieldGroup } from '@kernel/permissions/fieldGroups';
import type { MatrixChange, PermissionMatrix } from '@kernel/permissions/permissionMatrix';
import type { ImportReport } from '@kernel/translations/importReport';
import type { OrderImportReport } from '@kernel/orders/orderImport';
import type { BulkEditChanges, BulkEditResult } from '@kernel/orders/bulkEdit';
import type { PrintedOrder, PrintLayout, PrintRecord, ScannedOrder } from '@kernel/orders/printing';
import type { SignedInSession } from '@kernel/users/sessions';
import type { SecondFactorProof, SecondFactorStatus, SecondStep, TotpEnrolment } from '@kernel/auth/secondFactor';
import type {
  PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { NotificationRecord, NotificationSettings } from '@kernel/notifications/notificationRecords';
import type { OrderAttachment, OrderEvent, OrderRecord, TransitionRequest } from '@kernel/orders/orderRecords';
import type { PasteAnswer, PasteRow, PricingStats } from '@kernel/pricing/pricingRecords';
import type { RateCardApplyOutcome, RateCardApplyRequest } from '@kernel/pricing/rateCardApply';
import type { DelayCounts, LateOrdersPage } from '@kernel/monitoring/processMonitoring';
import type { AreaRevenue, ReportRun, Statistics, StatisticsQuery } from '@kernel/reports/reportData';
import { MAX_PAGE_SIZE } from '@kernel/resources/listParams';
import type { Catalog, Locale } from '@kernel/i18n/catalogs';
import type { DashboardData } from '@kernel/dashboard/dashboardData';
import type { ActionSummary, UndoResult } from '@kernel/activity/actionSummary';
import type { LogArchiveFile } from '@kernel/activity/logArchiveFile';
import type { TrackedOrder, TrackingLink } from '@kernel/tracking/trackedOrder';
import type { SelectionMatching } from '../common/listSelection';
import { describeError } from './errorMessages';
import { translateNow } from './i18nProvider';
import { flagPermission } from './permissionNotice';
import { TAB_HEADER, TAB_ID } from './tabId';

/**
 * The one error of a failed call, by the rules of docs/error-codes.md#how-the-admin-treats-them:
 * react-admin notifies a failed call by the error's `message`, so that becomes the code's text in
 * the person's language (the body stays as sent); a refused permission is flagged, the global
 * notice having said so already.
 */
function failure(status: number, body: unknown): HttpError {
  return flagPermission(new HttpError(describeError(translateNow, { status, body }), status, body));
}

/**
 * What every call tells the server of where it comes from: this tab (TAB_HEADER), and the
 * browser's time zone, in which the server takes the person's calendar days (a completion date's).
 */
const origin = (): Array<[string, string]> => [[TAB_HEADER, TAB_ID], ['X-Time-Zone', Intl.DateTimeFormat().resolvedOptions().timeZone]];

/** The stock ra-data-simple-rest client with cookies, failing with `failure`. */
async function httpClient(url: string, options: fetchUtils.Options = {}) {
  try {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    for (const [name, value] of origin()) headers.set(name, value);
    return await fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' });
  } catch (error) {
    throw error instanceof HttpError ? failure(error.status, error.body) : failure(0, null);
  }
}

/** An answer's JSON body, or null for a plain-text (or empty) one. */
function bodyOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A file the server streams (a report's CSV, an import's rows with errors), with the same cookies and the same error as httpClient. */
async function httpBlob(url: string, init: RequestInit = {}): Promise<Blob> {
  const res = await fetch(url, { ...init, credentials: 'include' }).catch(() => { throw failure(0, null); });
  if (res.ok) return res.blob();
  throw failure(res.status, bodyOf(await res.text()));
}

/**
 * A multipart POST through XMLHttpRequest, the one browser call that tells how much of its body
 * was sent: `onSent` gets the fraction, for a progress bar. Same cookies, same error as httpClient.
 */
function postForm<T>(url: string, form: FormData, onSent?: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of origin()) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onSent?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body = bodyOf(request.responseText);
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(failure(request.status, body));
    };
    request.onerror = () => reject(failure(0, null));
    request.send(form);
  });
}

/** The JSON answer of a call (undefined for an empty one, a 204). */
const call = async <T>(url: string, options?: fetchUtils.Options): Promise<T> => (await httpClient(url, options)).json as T;
/** A call with a JSON body (fetchJson sets the Content-Type of a body); none sent without data. */
const send = <T>(method: string, url: string, data?: unknown, headers?: Record<string, string>) =>
  call<T>(url, { method, ...(data === undefined ? {} : { body: JSON.stringify(data) }), ...(headers && { headers: new Headers(headers) }) });

/**
 * The header that ties the requests of one bulk action on many records (one request per record)
 * together: their activity-log rows are one entry of the log. Its id is the server's, asked for
 * first (`newAction`); the server refuses one it did not issue (docs/undo.md#action-ids).
 */
export const ACTION_HEADER = 'X-Action-Id';

/** A new action id from the server (POST /api/actions), bound to this session for 10 minutes. */
const newAction = async (): Promise<string> => (await send<{ actionId: string }>('POST', '/api/actions', {})).actionId;

/**
 * The stock client's one request per record (its updateMany, deleteMany), as one action: the
 * caller's `meta.actionId`, else a new one from the server; answered in `meta.actionId` for the toast's Undo.
 */
async function eachInBatch(resource: string, ids: Identifier[], init: fetchUtils.Options, given?: string) {
  const actionId = given ?? await newAction();
  const headers = { [ACTION_HEADER]: actionId };
  const answers = await Promise.all(ids.map((id) => httpClient(`/api/${resource}/${encodeURIComponent(String(id))}`,
    { ...init, headers: new Headers(headers) })));
  return { data: answers.map(({ json }) => (json as RaRecord).id), meta: { actionId } };
}

const orderPath = (id: Identifier) => `/api/orders/${encodeURIComponent(String(id))}`;

/** The API path of one record in the trash, from its list id ("supplier:7"). */
function trashPath(id: string): string {
  const at = id.lastIndexOf(':');
  return `/api/trash/${encodeURIComponent(id.slice(0, at))}/${encodeURIComponent(id.slice(at + 1))}`;
}

/** An attachment's file (the download link) and its record (DELETE). */
export const attachmentUrl = (orderId: Identifier, attachmentId: number) => `${orderPath(orderId)}/attachments/${attachmentId}`;

/** An archive file of the activity log (the download link). */
export const logArchiveUrl = (file: string) => `/api/activity-logs/archives/${encodeURIComponent(file)}`;

const query = (params: Record<string, string | number | undefined>) => new URLSearchParams(
  Object.entries(params).filter(([, value]) => value !== undefined).map(([name, value]) => [name, String(value)]));

/** The statistics as JSON, or with `csvLang` as the server's CSV of the same rows in that language. */
export const statisticsUrl = ({ months, granularity, dimension, runId }: StatisticsQuery, csvLang?: string) =>
  `/api/reports/statistics?${query({ months, granularity, dimension, runId,
    ...(csvLang ? { format: 'csv', lang: csvLang } : {}) })}`;

export const areaRevenueUrl = (runId?: number, csvLang?: string) =>
  `/api/reports/area-revenue?${query({ runId, ...(csvLang ? { format: 'csv', lang: csvLang } : {}) })}`;

/** A user's own named filter preset (api/src/saved-filters/routes.ts). */
export interface SavedFilter {
  id: number;
  name: string;
  filter: Record<string, unknown>;
}

export interface NotificationPage { rows: NotificationRecord[]; total: number; unread: number }
/** The person's choices, and whether the server sends e-mail at all. */
export type NotificationSettingsAnswer = NotificationSettings & { emailEnabled: boolean };

/** The signed-in person, as GET /api/user answers. */
export interface CurrentUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  role: string;
  status: 'active' | 'inactive' | 'pending';
  email: string | null;
  /** The field groups the role holds: what the server does not withhold from this person (docs/roles-and-permissions.md#field-groups). */
  fieldGroups: FieldGroup[];
}

export interface Credentials {
  username: string;
  password: string;
}
export interface Registration extends Credentials {
  firstName: string;
  lastName: string;
  email?: string;
}

/**
 * The calls beyond the resource protocol, as custom methods of the data provider (as Atomic CRM
 * does): the same client, so every failure is the same localized HttpError.
 */
export interface AppMethods {
  /** Who is signed in; null when nobody is (the server's 401), as the auth provider needs it. */
  currentUser(): Promise<CurrentUser | null>;
  /** The password step: signed in, or a second step to take (docs/api-conventions.md#second-factor). */
  signIn(credentials: Credentials): Promise<CurrentUser | SecondStep>;
  /** The second step of a sign-in: a code or a passkey; an enrolment's first code brings the recovery codes. */
  secondStep(proof: SecondFactorProof): Promise<CurrentUser & { recoveryCodes?: string[] }>;
  /** A challenge for one's passkeys to sign: during a sign-in's second step, or signed in (a check). */
  passkeyChallenge(signingIn: boolean): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /** The options for creating a passkey, then the authenticator's answer kept: the first factor brings recovery codes. */
  passkeyRegistration(signingIn?: boolean): Promise<PublicKeyCredentialCreationOptionsJSON>;
  addPasskey(passkey: RegistrationResponseJSON): Promise<{ recoveryCodes: string[] | null }>;
  /** A passkey created during a sign-in whose role requires a factor: kept, and signed in, with the first recovery codes. */
  secondStepPasskey(passkey: RegistrationResponseJSON): Promise<CurrentUser & { recoveryCodes?: string[] }>;
  /** An authenticator app to set up during a sign-in whose role requires one. */
  secondStepEnrolment(): Promise<TotpEnrolment>;
  secondFactors(): Promise<SecondFactorStatus>;
  startTotp(): Promise<TotpEnrolment>;
  confirmTotp(code: string): Promise<{ recoveryCodes: string[] | null }>;
  /** A code or passkey checked while signed in: a sensitive action may go ahead for 5 minutes. */
  checkSecondFactor(proof: SecondFactorProof): Promise<void>;
  renewRecoveryCodes(): Promise<{ recoveryCodes: string[] }>;
  removeSecondFactor(id: number): Promise<void>;
  resetSecondFactors(userId: Identifier): Promise<{ factorsRemoved: number }>;
  /** A new account, signed in at once (pending until an administrator activates it). */
  register(registration: Registration): Promise<CurrentUser>;
  signOut(): Promise<void>;
  /** The pages the signed-in person may open (docs/roles-and-permissions.md). */
  accessiblePages(): Promise<Array<{ pageKey: string }>>;
  canAccessPage(pageKey: string): Promise<boolean>;
  dashboard(): Promise<DashboardData>;
  /** The database's edits of one language's catalog, to merge over the bundled one; never a cached copy. */
  translationCatalog(locale: Locale): Promise<Catalog>;
  orderEvents(id: Identifier): Promise<OrderEvent[]>;
  orderAttachments(id: Identifier): Promise<OrderAttachment[]>;
  /** One status change; answers the updated order, or fails with the server's refusal (409). */
  transitionOrder(id: Identifier, request: TransitionRequest, batch?: string): Promise<OrderRecord>;
  uploadAttachment(orderId: Identifier, kind: OrderAttachment['kind'], file: File): Promise<OrderAttachment>;
  deleteAttachment(orderId: Identifier, attachmentId: number): Promise<void>;
  /**
   * A new action id (docs/undo.md#action-ids), for the requests of one bulk action sent one per
   * record (`X-Action-Id`): the server refuses an id it did not issue to this session.
   */
  newAction(): Promise<string>;
  /** `matching`: the selection is "all N matching" the list's filter, which the server checks again (docs/undo.md#selections). */
  batchCompletionDate(ids: Identifier[], completionDate: Date, matching?: SelectionMatching): Promise<{ updated: number; actionId: string }>;
  /** The same new values on many orders, all or nothing (docs/order-status-flow.md#bulk-edit); `matching` as for the batch. */
  bulkEditOrders(ids: Identifier[], changes: BulkEditChanges, matching?: SelectionMatching): Promise<BulkEditResult>;
  /** The orders to print, with the names of what they reference (docs/printing-and-scanning.md). */
  deliveryNotes(ids: Identifier[]): Promise<PrintedOrder[]>;
  /**
   * Logs that these orders are being printed, one row each (fails, logging nothing, if one is not
   * the user's); for delivery notes, answers each order's tracking token, made where it had none.
   */
  recordPrint(ids: Identifier[], layout: PrintLayout): Promise<PrintRecord>;
  /** The order a scanned DN or MTM number names; fails with 404 for an unknown one and another area's alike. */
  lookupOrder(code: string): Promise<ScannedOrder>;
  statistics(request: StatisticsQuery): Promise<Statistics>;
  areaRevenue(runId?: number): Promise<AreaRevenue>;
  reportRun(id: number): Promise<ReportRun>;
  /** Materialises a new report snapshot. */
  refreshReports(): Promise<ReportRun>;
  /** A report's CSV as the server streams it (with its BOM). */
  reportCsv(url: string): Promise<Blob>;
  delayCounts(): Promise<DelayCounts>;
  /** One page of late orders; `params` as GET /api/process-monitoring/orders reads them. */
  lateOrders(params: string): Promise<LateOrdersPage>;
  /** One of the public aggregates by name (api/src/monitoring/publicMonitoring.ts): no session needed. */
  publicMonitoring<T>(name: string): Promise<T>;
  /** What a tracking link tells anyone (docs/tracking-links.md): no session needed. */
  trackOrder(token: string): Promise<TrackedOrder>;
  /** An order's tracking link, made if it has none; `renew`: a new one, the old one stops. */
  trackingLink(orderId: Identifier, renew: boolean): Promise<TrackingLink>;
  pricingStats(period?: string): Promise<PricingStats>;
  /** "Apply rate cards" to chosen orders or a pricing filter's unpriced ones: its preview, or the pricing itself. */
  applyRateCards(request: RateCardApplyRequest): Promise<RateCardApplyOutcome>;
  /** A block pasted into the pricing grid, in one request: each row saved or refused (docs/pricing.md#pasting-a-block). */
  pastePrices(rows: PasteRow[]): Promise<PasteAnswer>;
  translationNamespaces(): Promise<string[]>;
  /** The language the person's mails are written in: the one they use in the app (docs/email.md). */
  setMailLanguage(language: Locale): Promise<{ language: Locale }>;
  /** Whether e-mail is on (SMTP_URL). */
  mailStatus(): Promise<{ emailEnabled: boolean }>;
  /** An admin's retry of a failed mail of the outbox. */
  retryMail(id: Identifier): Promise<RaRecord>;
  /** A webhook delivery due again at once (docs/webhooks.md#the-delivery-log). */
  redeliverWebhook(id: Identifier): Promise<RaRecord>;
  importTranslations(rows: unknown[], dryRun: boolean): Promise<ImportReport>;
  /** An order import's preview (`expect` undefined) or the import of the `expect` valid rows it showed (docs/order-import.md). */
  importOrders(file: File, expect: number | undefined, onSent?: (fraction: number) => void): Promise<OrderImportReport>;
  /** The rows of an import's file that have errors, with every problem of each in `locale`, as .xlsx or CSV. */
  orderImportErrors(file: File, format: 'xlsx' | 'csv', locale: string): Promise<Blob>;
  readPermissions(): Promise<PermissionMatrix>;
  writePermissions(change: MatrixChange): Promise<PermissionMatrix>;
  savedFilters(resource: string): Promise<SavedFilter[]>;
  saveFilter(preset: { resource: string; name: string; filter: Record<string, unknown> }): Promise<SavedFilter>;
  deleteSavedFilter(id: number): Promise<void>;
  /** A trash record by its list id ("supplier:7"). */
  /** Records of one type out of the trash, all or none (409 names a name clash), under the bulk action's id. */
  restoreFromTrash(type: string, ids: number[], actionId: string): Promise<void>;
  purgeFromTrash(id: string): Promise<void>;
  resetPassword(userId: Identifier, password: string | undefined): Promise<void>;
  signOutEverywhere(userId: Identifier): Promise<{ sessionsEnded: number }>;
  /** Where a person is signed in: one's own sessions, or (`userId`) those of an account one manages. */
  sessions(userId?: Identifier): Promise<SignedInSession[]>;
  /** Ends one of those sessions (the list's `id`). */
  endSession(id: string, userId?: Identifier): Promise<void>;
  /** What an action was and whether the user may undo it now (docs/undo.md). */
  describeAction(actionId: string): Promise<ActionSummary>;
  /** Undoes an action whole, or fails with the refusal (409 changed_since names the records). */
  undoAction(actionId: string): Promise<UndoResult>;
  /** The activity log's archive files, newest month first (admins: docs/operations.md#archiving-the-activity-log). */
  logArchives(): Promise<LogArchiveFile[]>;
  /** A page of the person's notifications, newest first, with their total and unread count (docs/notifications.md). */
  notifications(range: [number, number]): Promise<NotificationPage>;
  markNotificationRead(id: number): Promise<void>;
  markAllNotificationsRead(): Promise<void>;
  notificationSettings(): Promise<NotificationSettingsAnswer>;
  saveNotificationSettings(settings: NotificationSettings): Promise<NotificationSettingsAnswer>;
  /** A call the server always refuses (the permission-denied demo page). */
  permissionDeniedDemo(): Promise<void>;
}

export type AppDataProvider = DataProvider & AppMethods;

const methods: AppMethods = {
  currentUser: () => call<CurrentUser>('/api/user').catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 401) return null;
    throw error;
  }),
  signIn: (credentials) => send('POST', '/api/login', credentials),
  register: (registration) => send('POST', '/api/register', registration),
  secondStep: (proof) => send('POST', '/api/login/second-factor', proof),
  passkeyChallenge: (signingIn) => send('POST', signingIn ? '/api/login/second-factor/passkey-challenge' : '/api/second-factors/passkey-challenge'),
  passkeyRegistration: (signingIn = false) =>
    send('POST', signingIn ? '/api/login/second-factor/passkey-registration' : '/api/second-factors/passkey/registration'),
  addPasskey: (passkey) => send('POST', '/api/second-factors/passkey', { passkey }),
  secondStepPasskey: (passkey) => send('POST', '/api/login/second-factor/passkey', { passkey }),
  secondStepEnrolment: () => send('POST', '/api/login/second-factor/enrolment'),
  secondFactors: () => call('/api/second-factors'),
  startTotp: () => send('POST', '/api/second-factors/totp'),
  confirmTotp: (code) => send('POST', '/api/second-factors/totp/confirm', { code }),
  checkSecondFactor: (proof) => send('POST', '/api/second-factors/check', proof),
  renewRecoveryCodes: () => send('POST', '/api/second-factors/recovery-codes'),
  removeSecondFactor: (id) => send('DELETE', `/api/second-factors/${id}`),
  resetSecondFactors: (userId) => send('DELETE', `/api/users/${userId}/second-factors`),
  signOut: () => send('POST', '/api/logout'),
  accessiblePages: () => call('/api/user-accessible-pages'),
  canAccessPage: async (pageKey) =>
    (await call<{ canAccess: boolean }>(`/api/can-access-page?${query({ pageKey })}`)).canAccess === true,
  dashboard: () => call('/api/dashboard'),
  translationCatalog: (locale) => call(`/api/translations/catalog/${locale}`, { cache: 'no-cache' }),
  orderEvents: async (id) => (await call<OrderEvent[] | null>(`${orderPath(id)}/events`)) ?? [],
  orderAttachments: async (id) => (await call<OrderAttachment[] | null>(`${orderPath(id)}/attachments`)) ?? [],
  transitionOrder: (id, request, batch) => send('POST', `${orderPath(id)}/transitions`, request,
    batch ? { [ACTION_HEADER]: batch } : undefined),
  uploadAttachment(orderId, kind, file) {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', file, file.name);
    // A FormData body: the browser sets the multipart Content-Type and its boundary.
    return call(`${orderPath(orderId)}/attachments`, { method: 'POST', body: form });
  },
  deleteAttachment: (orderId, attachmentId) => send('DELETE', attachmentUrl(orderId, attachmentId)),
  newAction,
  batchCompletionDate: (ids, completionDate, matching) => send('POST', '/api/orders/batch-completion-date',
    { ids, completionDate: completionDate.toISOString(), ...(matching && { matching }) }),
  bulkEditOrders: (ids, changes, matching) => send('POST', '/api/orders/bulk-edit',
    { ids: ids.map(Number), changes, ...(matching && { matching }) }),
  deliveryNotes: (ids) => call(`/api/orders/delivery-notes?${query({ ids: ids.join(',') })}`),
  recordPrint: (ids, layout) => send('POST', '/api/orders/print', { ids: ids.map(Number), layout }),
  lookupOrder: (code) => call(`/api/orders/lookup?${query({ code })}`),
  statistics: (request) => call(statisticsUrl(request)),
  areaRevenue: (runId) => call(areaRevenueUrl(runId)),
  reportRun: (id) => call(`/api/report-runs/${id}`),
  refreshReports: () => send('POST', '/api/report-runs', {}),
  reportCsv: (url) => httpBlob(url),
  delayCounts: () => call('/api/process-monitoring'),
  lateOrders: (params) => call(`/api/process-monitoring/orders?${params}`),
  publicMonitoring: <T>(name: string) => call<T>(`/api/public/monitoring/${name}`),
  trackOrder: (token) => call<TrackedOrder>(`/api/public/track/${encodeURIComponent(token)}`),
  trackingLink: (orderId, renew) => send('POST', `/api/orders/${encodeURIComponent(String(orderId))}/tracking-link`, { renew }),
  pricingStats: (period) => call(`/api/pricing/stats?filter=${encodeURIComponent(JSON.stringify(period ? { period } : {}))}`),
  applyRateCards: (request) => send('POST', '/api/rate-cards/apply', request),
  pastePrices: (rows) => send('POST', '/api/pricing/paste', { rows }),
  translationNamespaces: () => call('/api/translations/namespaces'),
  setMailLanguage: (language) => send('PUT', '/api/me/mail-language', { language }),
  mailStatus: () => call('/api/mail/status'),
  retryMail: (id) => send('POST', `/api/mail-outbox/${encodeURIComponent(String(id))}/retry`, {}),
  redeliverWebhook: (id) => send('POST', `/api/webhook-deliveries/${encodeURIComponent(String(id))}/redeliver`, {}),
  importTranslations: (rows, dryRun) => send('POST', '/api/translations/import', { rows, dryRun }),
  importOrders(file, expect, onSent) {
    const form = new FormData();
    form.append('dryRun', String(expect === undefined));
    if (expect !== undefined) form.append('expect', String(expect));
    form.append('file', file, file.name);
    return postForm('/api/orders/import', form, onSent);
  },
  orderImportErrors(file, format, locale) {
    const form = new FormData();
    form.append('file', file, file.name);
    return httpBlob(`/api/orders/import/errors.${format}?locale=${encodeURIComponent(locale)}`, { method: 'POST', body: form });
  },
  readPermissions: () => call('/api/permissions'),
  writePermissions: (change) => send('PUT', '/api/permissions', change),
  savedFilters: async (resource) => (await call<SavedFilter[] | null>(`/api/saved-filters?resource=${resource}`)) ?? [],
  saveFilter: (preset) => send('POST', '/api/saved-filters', preset),
  deleteSavedFilter: (id) => send('DELETE', `/api/saved-filters/${id}`),
  restoreFromTrash: (type, ids, actionId) => send('POST', '/api/trash/restore', { type, ids }, { [ACTION_HEADER]: actionId }),
  purgeFromTrash: (id) => send('DELETE', trashPath(id)),
  resetPassword: (userId, password) => send('POST', `/api/users/${userId}/reset-password`, { password }),
  signOutEverywhere: (userId) => send('POST', `/api/users/${userId}/sign-out-everywhere`),
  sessions: (userId) => call(userId === undefined ? '/api/sessions' : `/api/users/${userId}/sessions`),
  endSession: (id, userId) => send('DELETE', userId === undefined ? `/api/sessions/${encodeURIComponent(id)}`
    : `/api/users/${userId}/sessions/${encodeURIComponent(id)}`),
  permissionDeniedDemo: () => send('GET', '/api/permission-denied-demo'),
  async notifications([start, end]) {
    const { json, headers } = await httpClient(`/api/notifications?${query({ range: JSON.stringify([start, end]) })}`);
    return { rows: json as NotificationRecord[], total: Number(headers.get('Content-Range')?.split('/')[1] ?? 0),
      unread: Number(headers.get('X-Unread-Count') ?? 0) };
  },
  markNotificationRead: (id) => send('POST', `/api/notifications/${id}/read`),
  markAllNotificationsRead: () => send('POST', '/api/notifications/read-all'),
  notificationSettings: () => call('/api/notification-settings'),
  saveNotificationSettings: (settings) => send('PUT', '/api/notification-settings', settings),
  describeAction: (actionId) => call(`/api/actions/${encodeURIComponent(actionId)}`),
  undoAction: (actionId) => send('POST', `/api/actions/${encodeURIComponent(actionId)}/undo`),
  logArchives: () => call('/api/activity-logs/archives'),
};


const stock = simpleRestProvider('/api', httpClient);

/**
 * The stock getList, plus `meta.totalEstimated` when the server flags its total as the planner's
 * estimate (`X-Total-Estimated`, big tables such as orders): the pagination then says "about".
 */
async function getPage<RecordType extends RaRecord>(resource: string, params: GetListParams) {
  let totalEstimated = false;
  const reading = simpleRestProvider('/api', async (url: string, options?: fetchUtils.Options) => {
    const answer = await httpClient(url, options);
    totalEstimated = answer.headers.get('X-Total-Estimated') === 'true';
    return answer;
  });
  const page = await reading.getList<RecordType>(resource, params);
  return totalEstimated ? { ...page, meta: { ...page.meta, totalEstimated } } : page;
}

/**
 * The stock client with the app's own methods, except that a first page larger than the server
 * serves (react-admin's CSV export asks for 1000 rows) is fetched as consecutive pages of 500 and
 * joined, and `meta.idsOnly` asks for the ids alone.
 */
export const dataProvider: AppDataProvider = {
  ...stock,
  ...methods,
  updateMany: (resource, params) => eachInBatch(resource, params.ids, { method: 'PUT', body: JSON.stringify(params.data) },
    params.meta?.actionId),
  deleteMany: (resource, params) => eachInBatch(resource, params.ids, { method: 'DELETE' }, params.meta?.actionId),
  /**
   * The stock delete, as part of the caller's action when it names one (`meta.actionId`, asked
   * for with `newAction`, as the delete's Undo needs it); without one it is an action of its own.
   */
  async delete(resource, params) {
    const actionId: string | undefined = params.meta?.actionId;
    const { json } = await httpClient(`/api/${resource}/${encodeURIComponent(String(params.id))}`,
      { method: 'DELETE', ...(actionId && { headers: new Headers({ [ACTION_HEADER]: actionId }) }) });
    return { data: json, meta: { actionId } };
  },
  async getList<RecordType extends RaRecord = RaRecord>(resource: string, params: GetListParams) {
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    if (params.meta?.idsOnly) {
      // Records with their ids only (the server's /ids of the resource): a "select all" of thousands.
      const { ids } = await send<{ ids: Identifier[] }>('GET', `/api/${resource}/ids?${query({ limit: perPage,
        sort: params.sort && JSON.stringify([params.sort.field, params.sort.order]), filter: JSON.stringify(params.filter ?? {}) })}`);
      return { data: ids.map((id) => ({ id }) as RecordType), total: ids.length };
    }
    if (perPage <= MAX_PAGE_SIZE || page !== 1) return getPage<RecordType>(resource, params);
    const rows: RecordType[] = [];
    let total: number | undefined;
    for (let chunk = 1; rows.length < perPage; chunk += 1) {
      const answer = await stock.getList<RecordType>(resource,
        { ...params, pagination: { page: chunk, perPage: MAX_PAGE_SIZE } });
      rows.push(...answer.data);
      total = answer.total;
      if (answer.data.length < MAX_PAGE_SIZE) break;
    }
    return { data: rows.slice(0, perPage), total };
  },
};

/**
 * The data provider with the app's own methods, as <Admin> was given it. Not react-admin's
 * useDataProvider proxy: that one signs out on a 401 and then resolves the call with `{ data: {} }`,
 * which a custom method's caller would take for its answer; these callers handle every failure
 * themselves, the batch change its 401 too (docs/admin-screens.md#notices).
 */
export const useAppDataProvider = (): AppDataProvider =>
  (useContext(DataProviderContext) as AppDataProvider | null) ?? dataProvider;
