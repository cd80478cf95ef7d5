import { Alert } from '@mui/material';
import {
  maxLength, minLength, regex, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar,
  useRecordContext, useTranslate,
} from 'react-admin';
import { USERNAME_PATTERN } from '@kernel/resources/formats';
import { FormRow } from '../common/FormRow';
import { FormSection } from '../common/FormSection';
import { emailFormat, invalidFormat, phoneFormat, requiredField } from '../common/validators';
import { DeliveryAreasInput } from './DeliveryAreasInput';
import { PasswordInputs } from './PasswordInputs';
import { DeleteRecordButton } from '../trash/DeleteToTrashButtons';
import { useActor } from './useActor';
import { roleChoices, STATUS_CHOICES, type UserRecord } from './userModel';
import { KEEP_UNSAVED_EDITS, LiveRecordNotice } from '../live/LiveRecordNotice';

// The server's rules (api/src/users/usersResource.ts), checked here first for a quick answer.
const validateUsername = [requiredField, minLength(3), maxLength(64), regex(USERNAME_PATTERN, invalidFormat)];
const validateName = [requiredField, maxLength(100)];
const validateEmail = [emailFormat, maxLength(254)];
const validatePhone = phoneFormat;
const validateChoice = requiredField;

/** What the API takes: no confirmation, and delivery areas only for a regional dispatcher. */
export function toUserPayload({ confirmPassword: _confirm, ...data }: Partial<UserRecord> & Record<string, unknown>) {
  return data.role === 'regional_dispatcher' ? data : { ...data, deliveryAreaIds: [] };
}


/**
 * Save, and delete with a confirmation; nobody deletes their own account. A new account's Save
 * works on an empty form too, which then shows what is required (as the order form).
 */
const UserToolbar = ({ isSelf }: { isSelf: boolean }) => {
  const record = useRecordContext();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton alwaysEnable={record?.id == null} />
      {!isSelf && <DeleteRecordButton />}
    </Toolbar>
  );
};

/**
 * The user form of the create and edit pages. A manager is offered only the roles they may give,
 * and sees an account they may not manage (an administrator, director or other manager) read
 * only, without save or delete (the server refuses them too).
 */
export const UserForm = ({ mode }: { mode: 'create' | 'edit' }) => {
  const user = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const { role: actorRole, isSelf, mayManage } = useActor(user);
  return (
    <SimpleForm toolbar={mayManage ? <UserToolbar isSelf={isSelf} /> : false} disabled={!mayManage}
      defaultValues={mode === 'create' ? { status: 'active', deliveryAreaIds: [] } : undefined} resetOptions={KEEP_UNSAVED_EDITS}
      noValidate>
      {mode === 'edit' && <LiveRecordNotice />}
      {!mayManage && <Alert severity="info" sx={{ mb: 2, width: '100%' }}>{translate('users.helper.admin_only')}</Alert>}
      <FormSection title="users.sections.account">
        <TextInput source="username" validate={validateUsername} helperText="users.helper.username" fullWidth
          autoComplete="off" />
        {mode === 'create' && <FormRow><PasswordInputs /></FormRow>}
      </FormSection>
      <FormSection title="users.sections.profile">
        <FormRow>
          <TextInput source="firstName" validate={validateName} />
          <TextInput source="lastName" validate={validateName} />
        </FormRow>
        <FormRow>
          <TextInput source="email" type="email" validate={validateEmail} />
          <TextInput source="phone" validate={validatePhone} />
        </FormRow>
      </FormSection>
      <FormSection title="users.sections.access">
        <FormRow>
          <SelectInput source="role" choices={roleChoices(actorRole, user?.role)} validate={validateChoice} />
          <SelectInput source="status" choices={STATUS_CHOICES} validate={validateChoice} disabled={isSelf || !mayManage}
            helperText={isSelf ? 'users.helper.self_status' : false} />
        </FormRow>
        <DeliveryAreasInput />
      </FormSection>
    </SimpleForm>
  );
};
