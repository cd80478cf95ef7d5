/**
 * The one table of the API's error codes (docs/error-codes.md). A client tells errors apart by
 * these codes and words them in its own language from `params`; `message` is English for people
 * and logs and may change.
 */

/** What went wrong with the request as a whole, and the HTTP status it is answered with. */
export const ERROR_CODES = {
  /** No session or an ended one. */
  not_signed_in: 401,
  /**
   * An Authorization: Bearer token that is unknown, revoked (deleted), expired, or of a user who may
   * not sign in (pending, inactive, deleted).
   */
  invalid_token: 401,
  /** Wrong username or password. */
  bad_credentials: 401,
  /** The account is deactivated. */
  account_inactive: 401,
  /** The account waits for an administrator's activation (an active-only route). */
  pending_account: 403,
  /** The user's role or own permissions do not open the page. params: page (page keys, ", "-joined). */
  page_denied: 403,
  /** Only certain roles may do this. params: roles (", "-joined role keys). */
  role_denied: 403,
  /** The delivery area is not one of the dispatcher's. */
  area_denied: 403,
  /**
   * A field of a group the person's role may not see (an order's purchase or sale prices: DESIGN §16)
   * cannot be written, sorted or filtered by. params: fields (", "-joined names).
   */
  field_denied: 403,
  /** The role may not be given by this user. params: role, roles (the roles this user may give). */
  grant_denied: 403,
  /** The account may be managed only by an administrator. params: username, role, roles. */
  manage_denied: 403,
  /** A request from another origin (CSRF refusal). */
  cross_origin: 403,
  /** Plain HTTP behind a TLS proxy. */
  https_required: 403,
  /**
   * A sensitive action (a new API token, new recovery codes, removing a factor) needs a second-factor
   * code within the last 5 minutes (POST /api/second-factors/check).
   */
  second_factor_required: 403,
  /** Refused on purpose (the permission-denied demonstration route). */
  access_denied: 403,
  /** One or more fields are wrong; `fields` says which and why. params: fields (", "-joined names). */
  invalid_input: 400,
  /** The list query (sort, range, filter) is wrong; `fields` says which part. params: field. */
  invalid_query: 400,
  /** A value the database refused (a check or data type). */
  invalid_value: 400,
  /** The body is not valid JSON (or not valid data of its Content-Encoding). */
  invalid_json: 400,
  /** Two texts' placeholders differ. params: zh, en (", "-joined placeholder names). */
  placeholder_mismatch: 400,
  /** Rows of a translation import are invalid; `fields` holds `rows.<index>.<field>`. params: rows (how many). */
  import_invalid: 400,
  /** An order import's file lacks required columns. params: columns (", "-joined order field keys). */
  import_columns_missing: 400,
  /** An order import's file holds no data row, or no row that could be created. */
  import_empty: 400,
  /**
   * An X-Action-Id that POST /api/actions did not issue to this session, or issued over 10 minutes
   * ago (docs/undo.md#action-ids).
   */
  unknown_action: 400,
  /** The user keeps the most saved filters already. params: max. */
  saved_filters_full: 400,
  /** No such record (or not the caller's). params: entity (a record type key) and id, or ids (", "-joined). */
  not_found: 404,
  /** No such API route. params: method, path. */
  route_not_found: 404,
  /** A known API path asked with a method it does not take; the Allow header lists those it does. params: method, allowed (", "-joined). */
  method_not_allowed: 405,
  /** The record was changed by someone else meanwhile; reload it. params: version (current), yours (sent) where known. */
  version_conflict: 409,
  /** A unique value is taken; fields.<field>.code is already_exists. params: field. */
  unique_violation: 409,
  /** An order import's rows check out differently than in its preview. params: valid (now), expected. */
  import_changed: 409,
  /** The record is referenced by, or refers to, a missing record. */
  foreign_key_violation: 409,
  /** A user may not deactivate or delete their own account. */
  own_account: 409,
  /** The last active administrator cannot be demoted, deactivated or deleted. */
  last_admin: 409,
  /** The role requires a second factor and this is the person's last one: add another first. */
  last_factor: 409,
  /** The status flow does not allow this transition. params: from, to (status keys). */
  transition_not_allowed: 409,
  /** Completing an order needs a proof of delivery first. */
  pod_required: 409,
  /** Only completed orders get a completion date. params: orders (MTM numbers, ", "-joined). */
  not_completed: 409,
  /**
   * Some orders may not take a bulk edit; nothing was changed. `fields` names each refused field
   * (`changes.<field>`), why (its code) and which orders (params.orders). params: orders (MTM numbers).
   */
  bulk_edit_refused: 409,
  /** A key cannot sit beside a key it nests with. params: key, other (namespace.key). */
  key_conflict: 409,
  /** A deleted API token stays revoked: a new one is made instead. params: label (its name). */
  token_revoked: 409,
  /** A trashed record cannot be restored: a live one uses the same value. params: entity, label. */
  restore_conflict: 409,
  /** The action is of a kind that cannot be undone (docs/undo.md#what-can-be-undone). params: action (its log action key). */
  not_undoable: 409,
  /** The action is older than params.hours: it can no longer be undone. */
  undo_expired: 409,
  /** Records of the action changed since (or were purged): nothing undone. params: records (labels, ", "-joined), count. */
  changed_since: 409,
  /** The action was undone already. params: actionId (the undo's). */
  already_undone: 409,
  /**
   * An undo that a rule of its records refuses (the status flow, a reference to a record in the
   * trash, an overlapping rate card…): nothing undone. `fields` holds one entry per refused record (the first 100),
   * `records.<type>:<id>`, its reason's field code and params (label: the record's name). params:
   * records (labels, ", "-joined), count.
   */
  undo_refused: 409,
  /**
   * "Select all N matching" no longer matches: the list's filter finds other records now than the
   * N selected (docs/undo.md#selections). params: expected (selected), count (matching now).
   */
  selection_changed: 409,
  /** Only a mail of the outbox that failed can be retried (docs/email.md). */
  mail_not_failed: 409,
  /** A webhook delivery being sent cannot be redelivered until its outcome is known (docs/webhooks.md). */
  delivery_in_progress: 409,
  /** The write of this Idempotency-Key is still running; Retry-After says when to ask again. params: seconds. */
  idempotency_in_progress: 409,
  /** The Idempotency-Key was used for another write (another method, path or body) in the last 24 hours. */
  idempotency_key_reused: 422,
  /** The body or file is too large. params: maxMb where known. */
  payload_too_large: 413,
  /** An order import's file has more data rows than params.max. */
  too_many_import_rows: 413,
  /** The body's content type or Content-Encoding is not accepted. params: type or encoding where known. */
  unsupported_media_type: 415,
  /** An attachment that is not PDF, JPEG or PNG (by its content). */
  unsupported_file_type: 415,
  /** An import file that is neither .xlsx nor CSV text (by its content). */
  not_a_spreadsheet: 415,
  /** Too many attempts; Retry-After says when to try again. params: seconds, minutes. */
  throttled: 429,
  /** The server is busy; Retry-After says when to try again. params: seconds. */
  busy: 503,
  /** The database is down or too slow. */
  database_unavailable: 503,
  /** A bug; the server log has the details. */
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Why one field (a key of `errors` / `fields`) is wrong. */
export const FIELD_ERROR_CODES = [
  /** Missing, empty or null. */
  'required',
  /** Not of the field's type or pattern (text, number, date, e-mail, URL, phone, code, JSON). An order import's date: params value, formats. */
  'invalid_format',
  /** Not one of the values allowed (a choice, a status, a page key). */
  'invalid_value',
  /** Text longer than params.max characters. */
  'too_long',
  /** Text shorter than params.min characters. */
  'too_short',
  /** Number below params.min. */
  'too_small',
  /** A date before params.min (a MOS or completion date before the pickup date). */
  'too_early',
  /** A period that overlaps another record's. params: name (the other record's), from, to (its period; to may be ''). */
  'overlaps',
  /** Number above params.max (a money amount: max is the decimal text). */
  'too_large',
  /** More than params.max decimals. */
  'too_many_decimals',
  /** More than params.max items (list items, saved filters). */
  'too_many',
  /** Fewer than params.min items. */
  'too_few',
  /** An item listed twice. */
  'duplicate',
  /** A field or key the request may not carry. */
  'unknown_field',
  /** A password among the most common ones. */
  'too_common',
  /** A unique value already taken. */
  'already_exists',
  /** Refers to records that do not exist. params: ids (", "-joined). */
  'unknown_id',
  /** A field that cannot be changed here. */
  'read_only',
  /** A list filter on a field one cannot filter by. */
  'unknown_filter',
  /** Sorting by a field one cannot sort by. params: allowed (", "-joined fields). */
  'not_sortable',
  /** A list page larger than params.max rows. */
  'too_many_rows',
  /** JSON nested deeper than params.max levels. */
  'too_deep',
  /** More than params.max bytes. */
  'too_many_bytes',
  /** The version sent is not the current one. */
  'stale_version',
  /** The status flow does not allow the move. params: from (status key). */
  'not_allowed_from',
  /** A proof of delivery is needed first. */
  'pod_required',
  /** Orders that are not completed. params: orders (MTM numbers). */
  'not_completed',
  /** The user may not give this role. */
  'not_allowed',
  /** One's own account cannot be deactivated. */
  'not_yourself',
  /** Only regional dispatchers have delivery areas. */
  'not_for_role',
  /** An API token's user must be an active account. */
  'user_not_active',
  /** A webhook's URL names a loopback, private or link-local address (docs/webhooks.md#addresses). */
  'address_refused',
  /** An account the user may not manage (an API token acting as it). params: roles (", "-joined: those they may). */
  'not_managed',
  /** The placeholders differ from the other language's. */
  'placeholder_mismatch',
  /** The key nests with another key. params: other (namespace.key). */
  'conflicts_with',
  /** A period that is not YYYY, YYYY-MM or YYYY-Www. */
  'invalid_period',
  /** A name or code that names no record. params: value, entity (the record type). */
  'unknown_name',
  /** A name that names several records. params: value, count, entity (the record type). */
  'ambiguous',
  /** A spreadsheet cell holding a formula, not a value. */
  'formula',
  /** A delivery area that is not one of the dispatcher's. */
  'area_denied',
  /** Completed orders, whose dates are final. params: orders (MTM numbers). */
  'order_completed',
  /** The MOS or completion date would fall before the pickup date. params: orders (MTM numbers). */
  'dates_out_of_order',
  /** A second-factor code that is wrong, expired or used already. */
  'wrong_code',
  /** An authenticator app's code that cannot be checked: the app's secret opens with none of the server's keys. */
  'app_unreadable',
] as const;

export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** The variable parts a message names (ids, numbers, status keys), for the translation. */
export type ErrorParams = Record<string, string | number>;

/** Every error answer of the API. `fields` is present exactly when `errors` is, with the same keys. */
export interface ErrorAnswerBody {
  code: ErrorCode;
  /** English, for people and logs; never for telling errors apart. */
  message: string;
  params?: ErrorParams;
  /** Field → English reason: what ra-data-simple-rest shows under the field. */
  errors?: Record<string, string>;
  fields?: Record<string, { code: FieldErrorCode; params?: ErrorParams }>;
  /** The request's id, as in the server's log (X-Request-Id): what a screenshot of the error leads to. */
  requestId?: string;
}

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);

export const isFieldErrorCode = (code: unknown): code is FieldErrorCode =>
  FIELD_ERROR_CODES.includes(code as FieldErrorCode);
