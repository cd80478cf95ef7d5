import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, AlertTitle, Box, Button, Card, CardContent, Stack, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteInput, Create, ReferenceInput, SelectInput, SimpleForm, TextInput, Title, maxLength, required, useNotify,
  useRedirect, useTranslate, type RaRecord,
} from 'react-admin';
import { useServerErrors } from '../common/useServerErrors';
import { userOption } from './tokenParts';

const DAYS = [30, 90, 180, 365];

/** The new token's secret, the one time it is shown, with a button that copies it. */
const TokenSecret = ({ secret }: { secret: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    notify('api_tokens.created.copied', { type: 'success' });
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 800 }}>
      <Title title="api_tokens.create_title" />
      <CardContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>{translate('api_tokens.created.title')}</AlertTitle>
          {translate('api_tokens.created.body')}
        </Alert>
        <MuiTextField value={secret} fullWidth slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } },
          htmlInput: { 'data-testid': 'token-secret', 'aria-label': translate('api_tokens.title') } }}
        onFocus={(event) => event.target.select()} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>{translate('api_tokens.created.copy')}</Button>
          <Button onClick={() => redirect('list', 'api-tokens')}>{translate('api_tokens.created.done')}</Button>
        </Stack>
      </CardContent>
    </Card>
  );
};

/**
 * Makes a token: its name, the user it acts as and how long it lives. Once saved, the page shows
 * the secret instead of the form, this one time (the server keeps only its hash).
 */
const ApiTokenCreate = () => {
  const translate = useTranslate();
  const onError = useServerErrors();
  const [secret, setSecret] = useState<string>();
  if (secret) return <TokenSecret secret={secret} />;
  const days = DAYS.map((day) => ({ id: day, name: translate('api_tokens.days', { smart_count: day }) }));
  return (
    <Create title="api_tokens.create_title" redirect={false} sx={{ '& .RaCreate-card': { maxWidth: 800 } }}
      mutationOptions={{ onError, onSuccess: (token: RaRecord) => setSecret(String(token.secret)) }}>
      <SimpleForm noValidate defaultValues={{ expiresInDays: 90 }}>
        <Box sx={{ width: '100%', maxWidth: 520 }}>
          <TextInput source="name" validate={[required(), maxLength(100)]} helperText="api_tokens.helper.name" fullWidth />
          <ReferenceInput source="userId" reference="user-options" sort={{ field: 'username', order: 'ASC' }}>
            <AutocompleteInput optionText={userOption} validate={required()} helperText="api_tokens.helper.user" fullWidth />
          </ReferenceInput>
          <SelectInput source="expiresInDays" choices={days} validate={required()} fullWidth />
        </Box>
      </SimpleForm>
    </Create>
  );
};

export default ApiTokenCreate;
