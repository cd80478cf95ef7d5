import Joi from 'joi';
import { MONEY_REASONS, parseMoney } from '@kernel/pricing/parseMoney';

/**
 * A money amount in JSON: a decimal string ('12.50', exact) or a number, passed on to the
 * database as text so it never goes through a float. '' and null clear it. The reasons name the
 * field: 'basePurchasePrice must not be negative'.
 */
export const money = () => Joi.any().allow(null).custom((value: unknown, helpers) => {
  if (typeof value !== 'string' && typeof value !== 'number') return helpers.error('money.amount');
  const parsed = parseMoney(String(value));
  return 'problem' in parsed ? helpers.error(`money.${parsed.problem}`) : parsed.amount;
}).messages(Object.fromEntries(Object.entries(MONEY_REASONS)
  .map(([problem, reason]) => [`money.${problem}`, `{#label} ${reason}`])));
