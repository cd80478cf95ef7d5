import { email, maxLength, regex, required } from 'react-admin';
import { CODE_PATTERN, PHONE_PATTERN } from '@kernel/resources/formats';

/*
 * The client side of the server's rules (api/src/resources/fields.ts), with the same patterns and
 * the customer's wording (docs/admin-screens.md#forms-and-their-messages), so a form answers at
 * once what the server would answer on save.
 */
export const requiredField = required('validation.required');
export const invalidFormat = 'validation.invalid_format';

export const phoneFormat = regex(PHONE_PATTERN, invalidFormat);
export const codeFormat = regex(CODE_PATTERN, invalidFormat);
/** joi's `uri({ scheme: ['http', 'https'] })`: a scheme, then a host without spaces. */
export const websiteFormat = regex(/^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i, invalidFormat);
export const emailFormat = email(invalidFormat);

/** A required text of at most `max` characters. */
export const requiredText = (max: number) => [requiredField, maxLength(max)];

/** The code of a warehouse, vehicle type or delivery area: required, letters, digits and _ . - */
export const validateCode = [requiredField, codeFormat];
