import { COMMON_PASSWORDS } from './commonPasswords';

/**
 * A new password's rules, the same in the forms and on the server: 8 to 128 characters (the
 * spaces of a passphrase count) and not one of the most common passwords.
 */
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

export const isCommonPassword = (password: string): boolean => COMMON_PASSWORDS.has(password.toLowerCase());
