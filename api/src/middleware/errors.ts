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
import type { FieldErrors } from '../httpError';

interface ErrorAnswer {
  status: number;
  message: string;
  errors?: FieldErrors;
}

// Connection-level failures: the database is down, unreachable, starting, shutting down or too
// slow to answer (57014: statement_timeout), not the request's fault.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH',
  '57014', '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);

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
  const e = (err instanceof Error && 'severity' in err ? wrapError(err) : err) as Record<string, any>;
  if (e instanceof UniqueViolationError) {
    const field = uniqueField(e);
    return { status: 409, message: `Duplicate ${field}: a record with this value already exists`,
      errors: { [field]: 'Already exists' } };
  }
  if (e instanceof ForeignKeyViolationError) {
    return { status: 409, message: 'The record is referenced by or refers to a missing record' };
  }
  if (e instanceof NotNullViolationError) {
    return { status: 400, message: `${e.column} is required`, errors: { [e.column]: 'This field is required' } };
  }
  if (e instanceof CheckViolationError || e instanceof DataError) {
    return { status: 400, message: 'Invalid value' };
  }
  if (e instanceof NotFoundError) return { status: 404, message: 'Not found' };
  if (e instanceof ValidationError) {
    const errors: FieldErrors = {};
    for (const [field, list] of Object.entries(e.data ?? {})) {
      errors[field] = (list as Array<{ message: string }>)[0]?.message ?? 'Invalid format';
    }
    return { status: 400, message: e.message, errors };
  }
  if (typeof e?.status === 'number' && e.status >= 400 && (e.status < 500 ? e.expose !== false : e.expose === true)) {
    // http-errors and koa-bodyparser (invalid JSON 400, too large 413, unsupported type 415), and
    // the 5xx errors made to be shown (the server is busy: 503, try again).
    return { status: e.status, message: e.message, errors: e.errors };
  }
  if (e && isUnavailable(e)) {
    return { status: 503, message: 'The database is unavailable, please try again shortly' };
  }
  return { status: 500, message: 'Internal server error' };
}

/** The one error middleware: every failure becomes JSON `{ message, errors? }`. */
export async function errorHandler(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (err) {
    const answer = answerFor(err);
    ctx.status = answer.status;
    ctx.body = answer.errors ? { message: answer.message, errors: answer.errors } : { message: answer.message };
    // After the status is set: the log line names the status the client got.
    if (answer.status >= 500 && (err as { expose?: boolean }).expose !== true) ctx.app.emit('error', err, ctx);
    const retryAfter = (err as { headers?: Record<string, string> }).headers?.['Retry-After'];
    if (retryAfter) ctx.set('Retry-After', retryAfter);
  }
}
