import createHttpError from 'http-errors';

/** Field name → reason, as in `{ "message": "…", "errors": { field: message } }`. */
export type FieldErrors = Record<string, string>;

/** An error the error middleware answers as JSON with this status, message and field errors. */
export function httpError(status: number, message: string, errors?: FieldErrors) {
  return createHttpError(status, message, errors ? { errors } : {});
}
