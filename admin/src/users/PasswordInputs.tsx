import { maxLength, minLength, PasswordInput, required, type Validator } from 'react-admin';
import { isCommonPassword, PASSWORD_LENGTH } from '@kernel/auth/passwordRules';

const notCommon: Validator = (value: string) => (value && isCommonPassword(value) ? 'users.errors.password_common' : undefined);
const sameAsPassword: Validator = (value: string, values: { password?: string }) =>
  (value && value !== values.password ? 'auth.passwords_differ' : undefined);

/** The registration rules of a new password: 8–128 characters, not a common one (server checks them too). */
export const validateNewPassword = [required('validation.required'), minLength(PASSWORD_LENGTH.min, 'auth.password_length'),
  maxLength(PASSWORD_LENGTH.max, 'auth.password_length'), notCommon];
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
