import Joi from 'joi';
import { PASSWORD_LENGTH } from '@kernel/auth/passwordRules';
import { USERNAME_PATTERN } from '@kernel/resources/formats';

export const loginSchema = Joi.object({
  username: Joi.string().trim().min(1).max(64).required(),
  password: Joi.string().min(1).max(PASSWORD_LENGTH.max).required(),
});

export const usernameRule = Joi.string().trim().min(3).max(64).pattern(USERNAME_PATTERN)
  .messages({ 'string.pattern.base': 'Invalid format: use letters, digits, _ . @ or -' });
// Not trimmed (spaces inside a passphrase count), but a password of spaces alone is no secret.
export const passwordRule = Joi.string().min(PASSWORD_LENGTH.min).max(PASSWORD_LENGTH.max).pattern(/\S/)
  .messages({ 'string.pattern.base': 'The password cannot be only spaces' });
const nameRule = Joi.string().trim().min(1).max(100);

export const registerSchema = Joi.object({
  username: usernameRule.required(),
  password: passwordRule.required(),
  firstName: nameRule.required(),
  lastName: nameRule.required(),
  email: Joi.string().trim().email({ tlds: false }).max(254).allow('', null),
  phone: Joi.string().trim().max(40).allow('', null),
});

export type LoginInput = { username: string; password: string };
export type RegisterInput = {
  username: string; password: string; firstName: string; lastName: string; email?: string | null; phone?: string | null;
};
