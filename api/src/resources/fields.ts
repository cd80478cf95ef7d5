import Joi from 'joi';
import { CODE_PATTERN, PHONE_PATTERN } from '@kernel/resources/formats';
import { fieldText } from '../foundation/httpError';

/**
 * The joi building blocks of the resource schemas, worded like the customer's generic messages
 * ("This field is required", "Invalid format") so the server says what the form says
 * (docs/admin-screens.md#forms-and-their-messages).
 */
export const messages = {
  'any.required': fieldText('required'),
  'string.empty': fieldText('required'),
  'string.base': fieldText('invalid_format'),
  'string.email': fieldText('invalid_format'),
  'string.uri': fieldText('invalid_format'),
  'string.pattern.base': fieldText('invalid_format'),
  'string.max': 'At most {#limit} characters',
  'number.base': fieldText('invalid_format'),
  'number.min': 'Must be at least {#limit}',
  'number.max': 'Must be at most {#limit}',
  'number.integer': fieldText('invalid_format'),
  'number.precision': 'At most {#limit} decimals',
  'any.only': fieldText('invalid_value'),
  'array.base': fieldText('invalid_format'),
};

/** A calendar day, 'YYYY-MM-DD', that exists (no 2026-02-30). */
export const calendarDay = () => Joi.string().trim().pattern(/^\d{4}-\d{2}-\d{2}$/)
  .custom((value: string, helpers) => (Number.isNaN(Date.parse(`${value}T00:00:00Z`))
    || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value ? helpers.error('string.pattern.base') : value))
  .messages(messages);

export const requiredText = (max = 200) => Joi.string().trim().max(max).required().messages(messages);

/** An optional text; '' and null both clear it. */
export const optionalText = (max = 500) => Joi.string().trim().max(max).allow('', null).empty('').default(null)
  .messages(messages);

export const email = () => Joi.string().trim().email({ tlds: false }).max(254).allow('', null).empty('').default(null)
  .messages(messages);

export const phone = () => Joi.string().trim().pattern(PHONE_PATTERN).allow('', null).empty('').default(null)
  .messages(messages);

export const website = () => Joi.string().trim().uri({ scheme: ['http', 'https'] }).max(500).allow('', null).empty('')
  .default(null).messages(messages);

export const code = () => Joi.string().trim().pattern(CODE_PATTERN).required().messages(messages);

export const status = () => Joi.string().valid('active', 'inactive').default('active').messages(messages);

export const decimal = (max = 999999.99) => Joi.number().min(0).max(max).precision(2).allow(null).default(null)
  .prefs({ convert: false }).messages(messages);

/** The largest id of an `increments` column (PostgreSQL's integer): a larger one names no record, and is refused as such. */
const MAX_RECORD_ID = 2_147_483_647;

/** A record's id in a body or query. */
export const recordId = () => Joi.number().integer().positive().max(MAX_RECORD_ID);

export const idList = () => Joi.array().items(recordId()).max(500).default([]).messages(messages);

/**
 * The update schema of a create schema: the same fields, none required, no defaults filled in,
 * so a partial PUT (react-admin's updateMany) changes only what it sends.
 */
export function partial(create: Joi.ObjectSchema): Joi.ObjectSchema {
  const keys = Object.keys(create.describe().keys ?? {});
  return create.fork(keys, (field) => field.optional()).min(1).prefs({ noDefaults: true });
}
