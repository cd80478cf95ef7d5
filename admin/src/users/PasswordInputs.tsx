import { maxLength, minLength, PasswordInput, required, type Validator } from 'react-admin';
import { COMMON_PASSWORDS } from '@kernel/auth/commonPasswords';

// The list the server refuses too (api/src/auth/passwords.ts isCommonPassword).
const notCommon: Validator = (value: string) => (value && COMMON_PASSWORDS.has(value.toLowerCase()) ? 'users.errors.password_common' : undefined);
const sameAsPassword: Validator = (value: string, values: { password?: string }) =>
  (value && value !== values.password ? 'auth.passwords_differ' : undefined);

/** The registration rules of a new password: 8–128 characters, not a common one (server checks them too). */
export const validateNewPassword = [required('validation.required'), minLength(8, 'auth.password_length'),
  maxLength(128, 'auth.password_length'), notCommon];
const validateConfirmation = [required('validation.required'), sameAsPassword];

/** A new password typed twice; the form's transform drops the confirmation before saving. */
export const PasswordInputs = ({ label = 'resources.users.fields.password' }: { label?: string }) => (
  <>
    <PasswordInput source="password" label={label} validate={validateNewPassword} helperText="users.helper.password"
      autoComplete="new-password" fullWidth />
    <PasswordInput source="confirmPassword" label="resources.users.fields.confirmPassword" validate={validateConfirmation}
      autoComplete="new-password" fullWidth />
  </>
);
