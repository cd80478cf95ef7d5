import { Box } from '@mui/material';
import { useRef, useState } from 'react';
import {
  AutocompleteInput, Create, ReferenceInput, SelectInput, SimpleForm, TextInput, maxLength, required, useRedirect, useTranslate,
  type RaRecord,
} from 'react-admin';
import { SecretPage, type SecretTexts } from '../common/SecretShownOnce';
import { useServerErrors } from '../common/useServerErrors';
import { codeOf } from '../providers/errorMessages';
import { FreshCheckDialog } from '../second-factor/useFreshCheck';
import { userOption } from './tokenParts';

const DAYS = [30, 90, 180, 365];

/** The new token's secret, the texts of api_tokens.created. */
const SECRET_TEXTS: SecretTexts = {
  title: 'api_tokens.created.title', body: 'api_tokens.created.body', label: 'api_tokens.title',
  copy: 'api_tokens.created.copy', copied: 'api_tokens.created.copied', done: 'api_tokens.created.done',
};

/**
 * Makes a token: its name, the user it acts as and how long it lives. Once saved, the page shows
 * the secret instead of the form, this one time (the server keeps only its hash).
 */
const ApiTokenCreate = () => {
  const translate = useTranslate();
  const serverErrors = useServerErrors();
  const redirect = useRedirect();
  const [secret, setSecret] = useState<string>();
  // A token acts as its user: where the server asks for a recent second-factor code first, the
  // code is asked for and the form sent again once it is checked.
  const [checking, setChecking] = useState(false);
  const form = useRef<HTMLDivElement>(null);
  const onError: typeof serverErrors = (error, ...rest) => (codeOf(error) === 'second_factor_required' ? setChecking(true) : serverErrors(error, ...rest));
  if (secret) {
    return <SecretPage title="api_tokens.create_title" secret={secret} texts={SECRET_TEXTS} testId="token-secret"
      onDone={() => redirect('list', 'api-tokens')} />;
  }
  const days = DAYS.map((day) => ({ id: day, name: translate('api_tokens.days', { smart_count: day }) }));
  return (
    <Create title="api_tokens.create_title" redirect={false} sx={{ '& .RaCreate-card': { maxWidth: 800 } }}
      mutationOptions={{ onError, onSuccess: (token: RaRecord) => setSecret(String(token.secret)) }}>
      <SimpleForm noValidate defaultValues={{ expiresInDays: 90 }}>
        <Box sx={{ width: '100%', maxWidth: 520 }} ref={form}>
          <TextInput source="name" validate={[required(), maxLength(100)]} helperText="api_tokens.helper.name" fullWidth />
          <ReferenceInput source="userId" reference="user-options" sort={{ field: 'username', order: 'ASC' }}>
            <AutocompleteInput optionText={userOption} validate={required()} helperText="api_tokens.helper.user" fullWidth />
          </ReferenceInput>
          <SelectInput source="expiresInDays" choices={days} validate={required()} fullWidth />
        </Box>
      </SimpleForm>
      <FreshCheckDialog open={checking} onClose={(checked) => {
        setChecking(false);
        if (checked) form.current?.closest('form')?.requestSubmit();
      }} />
    </Create>
  );
};

export default ApiTokenCreate;
