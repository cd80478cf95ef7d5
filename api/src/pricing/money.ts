import Joi from 'joi';
import { parseMoney } from './parseMoney';

/**
 * A money amount in JSON: a decimal string ('12.50', exact) or a number, passed on to the
 * database as text so it never goes through a float. '' and null clear it. The reasons name the
 * field: 'basePurchasePrice must not be negative'.
 */
export const money = () => Joi.any().allow(null).custom((value: unknown, helpers) => {
  if (typeof value !== 'string' && typeof value !== 'number') return helpers.error('money.amount');
  const parsed = parseMoney(String(value));
  return 'problem' in parsed ? helpers.error(`money.${parsed.problem}`) : parsed.amount;
}).messages({
  'money.amount': '{#label} must be an amount such as 12.50',
  'money.negative': '{#label} must not be negative',
  'money.precision': '{#label} has more than 2 decimals',
  'money.max': '{#label} must be at most 9999999999.99',
});
