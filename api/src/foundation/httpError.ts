import createHttpError from 'http-errors';
import {
  ERROR_CODES, type ErrorAnswerBody, type ErrorCode, type ErrorParams, type FieldErrorCode,
} from '@kernel/errors/errorCodes';
import { englishText } from './englishText';

/** Why one field is wrong: its code, its English reason (shown by ra-data-simple-rest) and the values the reason names. */
export interface FieldProblem {
  code: FieldErrorCode;
  message: string;
  params?: ErrorParams;
}

export type FieldProblems = Record<string, FieldProblem>;

/** The answer body: `errors` and `fields` with the same keys, or neither (docs/error-codes.md). */
export function answerBody(code: ErrorCode, message: string, more: { params?: ErrorParams; fields?: FieldProblems } = {}): ErrorAnswerBody {
  const body: ErrorAnswerBody = { code, message };
  if (more.params) body.params = more.params;
  const fields = Object.entries(more.fields ?? {});
  if (fields.length > 0) {
    body.errors = Object.fromEntries(fields.map(([field, problem]) => [field, problem.message]));
    body.fields = Object.fromEntries(fields.map(([field, { code: fieldCode, params }]) =>
      [field, params ? { code: fieldCode, params } : { code: fieldCode }]));
  }
  return body;
}

/**
 * An error the error middleware answers as JSON `{ code, message, params?, errors?, fields? }`,
 * with the status of its code in the kernel's table.
 */
export function httpError(code: ErrorCode, message: string, more?: { params?: ErrorParams; fields?: FieldProblems }) {
  // `answer` is the body the error middleware sends as it is.
  return Object.assign(createHttpError(ERROR_CODES[code], message), { answer: answerBody(code, message, more) });
}

/** A field code's reason in the customer's English ("This field is required"), from the kernel's catalog. */
export const fieldText = (code: FieldErrorCode): string => englishText(`errors.${code}`);

/** One field's problem, as `httpError`'s `fields` takes it; without a message, its code's text. */
export const problem = (code: FieldErrorCode, message = fieldText(code), params?: ErrorParams): FieldProblem =>
  (params ? { code, message, params } : { code, message });

/**
 * A 400 naming one field: `invalid_input` for a body or path field, `invalid_query` for a part of
 * a list query (sort, range, filter).
 */
export function fieldRefusal(code: 'invalid_input' | 'invalid_query', message: string, field: string, why: FieldProblem) {
  return httpError(code, message, { params: code === 'invalid_query' ? { field } : { fields: field }, fields: { [field]: why } });
}
