import type Joi from 'joi';
import type { FieldErrorCode, ErrorParams } from '@kernel/errors/errorCodes';
import type { Ctx } from '../foundation/appState';
import { httpError, type FieldProblems } from '../foundation/httpError';

/** Joi's error types by the field code they are answered with (docs/error-codes.md#field-codes). */
const JOI_CODES: Record<string, FieldErrorCode> = {
  'any.required': 'required',
  'string.empty': 'required',
  'any.only': 'invalid_value',
  'string.max': 'too_long',
  'string.min': 'too_short',
  'number.min': 'too_small',
  'date.tooEarly': 'too_early',
  'number.greater': 'too_small',
  'number.positive': 'invalid_format',
  'number.max': 'too_large',
  'number.less': 'too_large',
  'number.precision': 'too_many_decimals',
  'array.max': 'too_many',
  'array.min': 'too_few',
  'array.unique': 'duplicate',
  'array.includesRequiredUnknowns': 'too_few',
  'object.unknown': 'unknown_field',
  'password.common': 'too_common',
  // api/src/pricing/money.ts: the shared money rule's problems.
  'money.amount': 'invalid_format',
  'money.negative': 'too_small',
  'money.precision': 'too_many_decimals',
  'money.max': 'too_large',
};

/** The field code of one joi problem, and the limit it names (max, min) where it names one. */
export function fieldProblem(detail: Joi.ValidationErrorItem): { code: FieldErrorCode; params?: ErrorParams } {
  // A field that refuses null (`.invalid(null)`) refuses it as missing.
  const code = detail.type === 'any.invalid'
    ? (detail.context?.value === null ? 'required' : 'invalid_value')
    : JOI_CODES[detail.type] ?? 'invalid_format';
  const limit = detail.context?.limit;
  if (code === 'too_early') return { code, params: { min: String(limit) } };
  if (typeof limit !== 'number') return { code };
  return { code, params: code === 'too_short' || code === 'too_small' || code === 'too_few' ? { min: limit } : { max: limit } };
}

/**
 * Validates a request part against a joi schema: unknown fields are refused, every problem is
 * reported (not just the first), and the answer is a 400 naming each field, its code and reason.
 */
export function validate<T>(schema: Joi.Schema<T>, value: unknown): T {
  const { error, value: valid } = schema.validate(value ?? {}, {
    abortEarly: false,
    allowUnknown: false,
    convert: true,
    errors: { wrap: { label: false } },
  });
  if (!error) return valid;
  const fields: FieldProblems = {};
  for (const detail of error.details) {
    const field = detail.path.join('.') || (detail.context?.key as string | undefined) || '_';
    fields[field] ??= { ...fieldProblem(detail), message: detail.message };
  }
  const names = Object.keys(fields).join(', ');
  throw httpError('invalid_input', `Invalid input: ${names}`, { params: { fields: names }, fields });
}

/** Marks a handler made by `takes`: its input's schemas, which the OpenAPI document reads (openapi/document.ts). */
export const INPUT_SCHEMAS = Symbol('inputSchemas');

/**
 * A multipart form a route takes (uploads/readUpload.ts, takesUpload): the schema of its text
 * fields, checked as a JSON body is, beside its file (`file`) of at most `maxBytes`.
 */
export interface UploadForm<F = unknown> { fields: Joi.Schema<F>; maxBytes: number }

/** The parts of a request a handler takes, each with the joi schema it is checked by (an upload: its form). */
export interface InputSchemas { params?: Joi.Schema; query?: Joi.Schema; body?: Joi.Schema; upload?: UploadForm }

/** What a `takes` handler gets: each part as its schema made it (defaults applied, strings converted). */
export interface Input<B = unknown, Q = unknown, P = unknown> { body: B; query: Q; params: P }

/**
 * A route's handler that takes its input checked: `takes({ body: schema }, (ctx, { body }) => …)`.
 * The schemas it checks are the ones the OpenAPI document states, so the two cannot drift apart.
 * A part without a schema is not read; one that fails answers 400 as `validate` does.
 */
export function takes<B = unknown, Q = unknown, P = unknown>(schemas: Omit<InputSchemas, 'upload'>,
  handler: (ctx: Ctx, input: Input<B, Q, P>) => unknown) {
  return checks(schemas, (ctx: Ctx) => handler(ctx, {
    params: (schemas.params ? validate(schemas.params, ctx.params) : undefined) as P,
    query: (schemas.query ? validate(schemas.query, ctx.query) : undefined) as Q,
    body: (schemas.body ? validate(schemas.body, ctx.request.body) : undefined) as B,
  }));
}

/**
 * Names the schemas a handler checks its input with itself, where it must first prepare that input
 * (the generic resource routes drop read-only fields before the check): for the document.
 */
export const checks = <H extends object>(schemas: InputSchemas, handler: H): H => Object.assign(handler, { [INPUT_SCHEMAS]: schemas });
