import type Joi from 'joi';
import { httpError, type FieldErrors } from '../httpError';

/**
 * Validates a request part against a joi schema: unknown fields are refused, every problem is
 * reported (not just the first), and the answer is a 400 naming each field and its reason.
 */
export function validate<T>(schema: Joi.Schema<T>, value: unknown): T {
  const { error, value: valid } = schema.validate(value ?? {}, {
    abortEarly: false,
    allowUnknown: false,
    convert: true,
    errors: { wrap: { label: false } },
  });
  if (!error) return valid;
  const errors: FieldErrors = {};
  for (const detail of error.details) {
    const field = detail.path.join('.') || (detail.context?.key as string | undefined) || '_';
    errors[field] ??= detail.message;
  }
  throw httpError(400, `Invalid input: ${Object.keys(errors).join(', ')}`, errors);
}
