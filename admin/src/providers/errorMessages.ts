import { ERROR_CODES, isErrorCode, isFieldErrorCode, type ErrorAnswerBody, type ErrorCode } from '@kernel/errors/errorCodes';
import { ORDER_FIELD_WORDING } from '@kernel/orders/importErrorText';

/** A message key and its arguments, as translate() takes them. */
export interface ErrorMessage {
  key: string;
  args?: Record<string, unknown>;
}

/**
 * A failed call's status (0: no answer) and body: the data provider's HttpError, or the same two
 * fields of an answer not yet made one (the unit tests', the data provider's own while it words it).
 */
export function answerOf(error: unknown): { status: number; body: Partial<ErrorAnswerBody> } {
  const { status, body } = (error ?? {}) as { status?: unknown; body?: unknown };
  return {
    status: typeof status === 'number' ? status : 0,
    body: typeof body === 'object' && body !== null ? body as Partial<ErrorAnswerBody> : {},
  };
}

/** The answer's code, when it is one of the kernel's table (an older or newer server may send another). */
export const codeOf = (error: unknown): ErrorCode | undefined => {
  const { code } = answerOf(error).body;
  return isErrorCode(code) ? code : undefined;
};

/**
 * A refusal of the role, page, area or account rules: the global permission notice speaks for it
 * (docs/error-codes.md#how-the-admin-treats-them).
 */
export function isPermissionRefusal(error: unknown): boolean {
  const { status, body } = answerOf(error);
  return status === 403 && isErrorCode(body.code) && ERROR_CODES[body.code] === 403;
}

/** Statuses with a generic text of their own (errors.status.*); any other says errors.status.other. */
const STATUS_TEXTS = [400, 401, 403, 404, 409, 413, 415, 429, 500, 503];

/**
 * What a failed call says to the person, in their language: the code's message with the answer's
 * params, else a generic text per status, else (no answer at all) the network's. The server's
 * English `message` is never shown (docs/error-codes.md#how-the-admin-treats-them).
 */
export function errorMessage(error: unknown): ErrorMessage {
  const { status, body } = answerOf(error);
  if (isErrorCode(body.code)) return { key: `errors.${body.code}`, args: body.params ?? {} };
  if (status === 0) return { key: 'errors.status.network' };
  return { key: `errors.status.${STATUS_TEXTS.includes(status) ? status : 'other'}`, args: { status } };
}

/**
 * A failed call's reference: the first 8 characters of a server error's (5xx) request id, which
 * the server's log lines carry (docs/operations.md#logs). A person who reports the message with it
 * leads an administrator to what happened.
 */
export function referenceOf(error: unknown): string | undefined {
  const { status, body } = answerOf(error);
  return status >= 500 && typeof body.requestId === 'string' && body.requestId !== '' ? body.requestId.slice(0, 8) : undefined;
}

/** What a failed call says (errorMessage), translated, with its reference when it is a server error. */
export function describeError(translate: (key: string, args?: Record<string, unknown>) => string, error: unknown): string {
  const { key, args } = errorMessage(error);
  const reference = referenceOf(error);
  if (!reference) return translate(key, args);
  const said = translate('errors.reference', { id: reference });
  // A full-width bracket (the Chinese text's) brings its own space.
  return `${translate(key, args)}${/^[（【]/.test(said) ? '' : ' '}${said}`;
}

/**
 * The fields that word a code their own way (the customer's texts): `resource.field.code` (or
 * `resource.*.code` for every field of the resource) → message key. Every other field error says
 * the code's generic `errors.<code>`.
 */
export const FIELD_WORDING: Readonly<Record<string, string>> = {
  ...ORDER_FIELD_WORDING,
  'suppliers.name.required': 'suppliers.validation.name_required',
  'suppliers.name.already_exists': 'suppliers.errors.name_taken',
  'suppliers.serviceAreaIds.unknown_id': 'suppliers.errors.unknown_area',
  'warehouses.code.already_exists': 'warehouses.errors.code_taken',
  'vehicle-types.code.already_exists': 'vehicle_types.errors.code_taken',
  'delivery-areas.code.already_exists': 'delivery_areas.errors.code_taken',
  'users.username.already_exists': 'users.errors.username_taken',
  'users.password.too_common': 'users.errors.password_common',
  'users.deliveryAreaIds.not_for_role': 'users.errors.areas_for_dispatchers',
  'auth.username.already_exists': 'users.errors.username_taken',
  'auth.password.too_common': 'users.errors.password_common',
  'translations.key.already_exists': 'translations.errors.exists',
  'translations.key.conflicts_with': 'translations.errors.nesting',
  'translations.key.duplicate': 'translations.errors.duplicate_row',
  'translations.zh.placeholder_mismatch': 'translations.errors.placeholders',
  'translations.en.placeholder_mismatch': 'translations.errors.placeholders',
  'translations.namespace.read_only': 'translations.errors.read_only',
  'translations.key.read_only': 'translations.errors.read_only',
  'batch-modification.ids.required': 'batch_modification.validation.no_selection',
  'batch-modification.ids.too_few': 'batch_modification.validation.no_selection',
  'batch-modification.ids.invalid_format': 'batch_modification.validation.no_selection',
  'batch-modification.ids.not_completed': 'batch_modification.validation.not_completed',
  'batch-modification.completionDate.required': 'batch_modification.validation.no_date',
  'batch-modification.completionDate.invalid_format': 'batch_modification.validation.invalid_date',
  'batch-modification.completionDate.too_early': 'batch_modification.validation.before_pickup',
  'pricing.*.invalid_format': 'pricing.validation.amount',
  'pricing.*.too_small': 'pricing.validation.negative',
  'pricing.*.too_many_decimals': 'pricing.validation.precision',
  'pricing.*.too_large': 'pricing.validation.max',
};

/** A field's error in an answer's `fields`. */
export interface FieldError {
  code: string;
  params?: Record<string, unknown>;
}

/** One field's error as a message: the resource's own wording, else the code's generic one. */
export function fieldMessage(resource: string, field: string, { code, params }: FieldError): ErrorMessage {
  const key = FIELD_WORDING[`${resource}.${field}.${code}`] ?? FIELD_WORDING[`${resource}.*.${code}`]
    ?? (isFieldErrorCode(code) ? `errors.${code}` : 'errors.status.400');
  return { key, args: params ?? {} };
}

/** The answer's field errors as messages, by field; empty when it names no field. */
export function fieldMessages(resource: string, error: unknown): Record<string, ErrorMessage> {
  const fields = (answerOf(error).body.fields ?? {}) as Record<string, FieldError>;
  return Object.fromEntries(Object.entries(fields).map(([field, fieldError]) => [field, fieldMessage(resource, field, fieldError)]));
}

// react-admin's ValidationError reads a string in this form as a message key with its arguments
// (ra-core form/validation/ValidationError.tsx), and translates it when it renders: a form's
// server errors then follow a language switch like its own.
const RA_MESSAGE_PREFIX = '@@react-admin@@';

/** A message as the text a react-admin form field holds for an error. */
export const formErrorText = ({ key, args = {} }: ErrorMessage): string =>
  Object.keys(args).length === 0 ? key : `${RA_MESSAGE_PREFIX}${JSON.stringify({ message: key, args })}`;
