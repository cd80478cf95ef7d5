import type { Context, Next } from 'koa';
import {
  CheckViolationError,
  DataError,
  ForeignKeyViolationError,
  NotFoundError,
  NotNullViolationError,
  UniqueViolationError,
  ValidationError,
} from 'objection';
import { wrapError } from 'db-errors';
import { ERROR_CODES, type ErrorAnswerBody, type ErrorCode } from '@kernel/errors/errorCodes';
import { answerBody, type FieldProblems, fieldText } from '../foundation/httpError';
import { databaseUnavailable } from '../foundation/metrics';

interface ErrorAnswer {
  status: number;
  body: ErrorAnswerBody;
}

const answer = (code: ErrorCode, message: string, more?: Parameters<typeof answerBody>[2]): ErrorAnswer =>
  ({ status: ERROR_CODES[code], body: answerBody(code, message, more) });

/** The code of an http-errors error made without one (koa-bodyparser's), by its status. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'invalid_json', 401: 'not_signed_in', 403: 'access_denied', 404: 'route_not_found',
  413: 'payload_too_large', 415: 'unsupported_media_type', 429: 'throttled', 503: 'busy',
};

// Connection-level failures: the database is down, unreachable, starting, shutting down or too
// slow to answer (57014: statement_timeout), not the request's fault.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH',
  '57014', '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);

// deadlock_detected and serialization_failure: a write that met another at the same moment.
const CONFLICT_CODES = new Set(['40P01', '40001']);

// The same said in words by knex, tarn, pg (connection and query timeouts, a dead socket) and PGlite.
const UNAVAILABLE_MESSAGE = new RegExp(['Connection terminated', 'connect ECONNREFUSED', 'Unable to acquire a connection',
  'Timeout acquiring a connection', 'timeout exceeded when trying to connect', 'timeout expired', 'Query read timeout',
  'is not queryable', 'PGlite is closed'].join('|'), 'i');

function isUnavailable(err: { code?: string; message?: string; name?: string; nativeError?: { code?: string } }): boolean {
  // Objection and db-errors wrap a driver error they have no class for, keeping the original inside.
  const code = err.code ?? err.nativeError?.code;
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  return err.name === 'KnexTimeoutError' || UNAVAILABLE_MESSAGE.test(err.message ?? '');
}

/** Why the database did not answer, for the metrics: a statement past its time, no free connection, or nothing. */
function unavailableReason(err: { code?: string; message?: string; name?: string; nativeError?: { code?: string } }) {
  if ((err.code ?? err.nativeError?.code) === '57014' || /Query read timeout|statement timeout/i.test(err.message ?? '')) {
    return 'statement_timeout';
  }
  return err.name === 'KnexTimeoutError' || /acquiring a connection|acquire a connection/i.test(err.message ?? '') ? 'pool_timeout' : 'unreachable';
}

/**
 * The field a unique index guards. Indexes are named `<table>_<field>_unique` (they are often on
 * lower(field), which the driver reports as an expression, not a column).
 */
function uniqueField(e: { table?: string; constraint?: string; columns?: string[] }): string {
  const named = e.table && e.constraint ? new RegExp(`^${e.table}_(.+)_unique$`).exec(e.constraint) : null;
  const raw = named?.[1] ?? e.columns?.[0]?.replace(/^lower\((.+)\)$/, '$1') ?? 'value';
  return raw.replace(/_([a-z])/g, (_m: string, c: string) => c.toUpperCase());
}

/** Maps an error to its answer by class; anything unknown is a 500 that tells nothing inside. */
export function answerFor(err: unknown): ErrorAnswer {
  // Objection wraps driver errors in these classes; plain knex queries need the same wrapping.
  const e = (err instanceof Error && 'severity' in err ? wrapError(err) : err) as Record<string, unknown> & Error;
  if (e instanceof UniqueViolationError) {
    const field = uniqueField(e);
    return answer('unique_violation', `Duplicate ${field}: a record with this value already exists`,
      { params: { field }, fields: { [field]: { code: 'already_exists', message: 'Already exists' } } });
  }
  if (e instanceof ForeignKeyViolationError) {
    return answer('foreign_key_violation', 'The record is referenced by or refers to a missing record');
  }
  if (e instanceof NotNullViolationError) {
    return answer('invalid_input', `${e.column} is required`,
      { params: { fields: e.column }, fields: { [e.column]: { code: 'required', message: fieldText('required') } } });
  }
  if (e instanceof CheckViolationError || e instanceof DataError) return answer('invalid_value', fieldText('invalid_value'));
  if (e instanceof NotFoundError) return answer('not_found', 'Not found');
  if (e instanceof ValidationError) {
    const fields: FieldProblems = {};
    for (const [field, list] of Object.entries((e.data ?? {}) as Record<string, Array<{ message: string; keyword?: string }>>)) {
      fields[field] = { code: list[0]?.keyword === 'required' ? 'required' : 'invalid_format', message: list[0]?.message ?? fieldText('invalid_format') };
    }
    return answer('invalid_input', e.message, { params: { fields: Object.keys(fields).join(', ') }, fields });
  }
  const status = e?.status;
  if (typeof status === 'number' && status >= 400 && (status < 500 ? e.expose !== false : e.expose === true)) {
    // httpError's own answer; else http-errors made elsewhere (koa-bodyparser: invalid JSON 400,
    // too large 413, unsupported type 415), worded by their status.
    if (e.answer) return { status, body: e.answer as ErrorAnswerBody };
    return { status, body: answerBody(CODE_BY_STATUS[status] ?? (status < 500 ? 'invalid_input' : 'busy'), e.message) };
  }
  if (e && isUnavailable(e)) return answer('database_unavailable', 'The database is unavailable, please try again shortly');
  // Two writes that waited for each other (a deadlock) or met in one snapshot: PostgreSQL ended this
  // one, which wrote nothing; the same request succeeds when sent again.
  if (CONFLICT_CODES.has(String(e?.code ?? (e?.nativeError as { code?: string } | undefined)?.code))) {
    return answer('busy', 'Another change met this one at the same moment: please send it again', { params: { seconds: 1, minutes: 1 } });
  }
  return answer('internal', 'Internal server error');
}

/** The one error middleware: every failure becomes JSON `{ code, message, params?, errors?, fields? }`. */
export async function errorHandler(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (err) {
    const answer = answerFor(err);
    if (answer.body.code === 'database_unavailable') databaseUnavailable.inc({ reason: unavailableReason(err as Error) });
    ctx.status = answer.status;
    ctx.body = { ...answer.body, requestId: ctx.state.requestId };
    // After the status is set: the log line names the status the client got.
    if (answer.status >= 500 && (err as { expose?: boolean }).expose !== true) ctx.app.emit('error', err, ctx);
    // The headers an answer carries: when to try again (429, 503), which methods a route takes (405).
    const headers = (err as { headers?: Record<string, string> }).headers
      ?? (answer.body.code === 'busy' ? { 'Retry-After': String(answer.body.params?.seconds ?? 1) } : {});
    for (const name of ['Retry-After', 'Allow']) if (headers[name]) ctx.set(name, headers[name]);
    // A body refused before it was read in full (a bad Content-Encoding, too large) leaves its
    // bytes in the connection, where the client's next request would wait behind them: closed.
    if (!ctx.req.complete) ctx.set('Connection', 'close');
  }
}
