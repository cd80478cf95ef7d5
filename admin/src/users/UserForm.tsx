import { Alert, Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  DeleteButton, email, maxLength, minLength, regex, required, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar,
  useRecordContext, useTranslate,
} from 'react-admin';
import { DeliveryAreasInput } from './DeliveryAreasInput';
import { PasswordInputs } from './PasswordInputs';
import { useActor } from './useActor';
import { roleChoices, STATUS_CHOICES, type UserRecord } from './userModel';
import { useUserErrors } from './useUserErrors';

// The server's rules (api/src/users/usersResource.ts), checked here first for a quick answer.
const validateUsername = [required('validation.required'), minLength(3), maxLength(64),
  regex(/^[A-Za-z0-9_.@-]+$/, 'validation.invalid_format')];
const validateName = [required('validation.required'), maxLength(100)];
const validateEmail = [email('validation.invalid_format'), maxLength(254)];
const validatePhone = regex(/^\+?[0-9 ()-]{5,30}$/, 'validation.invalid_format');
const validateChoice = required('validation.required');

/** What the API takes: no confirmation, and delivery areas only for a regional dispatcher. */
export function toUserPayload({ confirmPassword: _confirm, ...data }: Partial<UserRecord> & Record<string, unknown>) {
  return data.role === 'regional_dispatcher' ? data : { ...data, deliveryAreaIds: [] };
}

const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', mb: 1 }}>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>{translate(title)}</Typography>
      {children}
    </Box>
  );
};

const Pair = ({ children }: { children: ReactNode }) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ width: '100%', columnGap: 2, '& > *': { flex: 1 } }}>
    {children}
  </Stack>
);

/** Save, and delete with a confirmation; nobody deletes their own account. */
const UserToolbar = ({ isSelf }: { isSelf: boolean }) => {
  const onError = useUserErrors();
  const record = useRecordContext();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {record && !isSelf && <DeleteButton mutationMode="pessimistic" mutationOptions={{ onError }} />}
    </Toolbar>
  );
};

/**
 * The user form of the create and edit pages. A manager sees the admin role only on an
 * administrator's record, and cannot save that record at all (the server refuses it too).
 */
export const UserForm = ({ mode }: { mode: 'create' | 'edit' }) => {
  const user = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const { role: actorRole, isSelf, mayManage } = useActor(user);
  const lockedAdmin = !mayManage;
  return (
    <SimpleForm toolbar={lockedAdmin ? false : <UserToolbar isSelf={isSelf} />}
      defaultValues={mode === 'create' ? { status: 'active', deliveryAreaIds: [] } : undefined}>
      {lockedAdmin && <Alert severity="info" sx={{ mb: 2, width: '100%' }}>{translate('users.helper.admin_only')}</Alert>}
      <Section title="users.sections.account">
        <TextInput source="username" validate={validateUsername} helperText="users.helper.username" fullWidth
          autoComplete="off" />
        {mode === 'create' && <Pair><PasswordInputs /></Pair>}
      </Section>
      <Section title="users.sections.profile">
        <Pair>
          <TextInput source="firstName" validate={validateName} />
          <TextInput source="lastName" validate={validateName} />
        </Pair>
        <Pair>
          <TextInput source="email" type="email" validate={validateEmail} />
          <TextInput source="phone" validate={validatePhone} />
        </Pair>
      </Section>
      <Section title="users.sections.access">
        <Pair>
          <SelectInput source="role" choices={roleChoices(actorRole, user?.role)} validate={validateChoice} />
          <SelectInput source="status" choices={STATUS_CHOICES} validate={validateChoice} disabled={isSelf}
            helperText={isSelf ? 'users.helper.self_status' : false} />
        </Pair>
        <DeliveryAreasInput />
      </Section>
    </SimpleForm>
  );
};
