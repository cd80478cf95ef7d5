import KeyIcon from '@mui/icons-material/Key';
import { Alert } from '@mui/material';
import { CreateButton, DataTable, List, SearchInput, TextField, TopToolbar, useTranslate, type RaRecord } from 'react-admin';
import { EmptyList } from '../common/EmptyList';
import { LocalDateField } from '../common/LocalDateField';
import { LIST_LOAD_ERROR } from '../common/ListLoadError';
import { oneLineCellsExcept, ResponsiveDataTable } from '../common/ResponsiveDataTable';
import { Expiry, LastUse, TokenPrefix } from './tokenParts';
import { RevokeButton } from './RevokeButton';

const Column = DataTable.Col;

const MOBILE = {
  primaryText: (token: RaRecord) => token.name as string,
  secondaryText: (token: RaRecord) => `${token.userName} · ${token.prefix}…`,
};

/** What a token is for, above the list: the header a system sends, and that the secret is shown once. */
const Intro = () => {
  const translate = useTranslate();
  return <Alert severity="info" sx={{ mt: 1, mb: 1 }}>{translate('api_tokens.intro')}</Alert>;
};

/** The API tokens: who each acts as, when it expires and was last used, and its Revoke. */
const ApiTokenList = () => {
  const translate = useTranslate();
  return (
    <>
      <Intro />
      <List {...LIST_LOAD_ERROR} title="api_tokens.title" perPage={25} exporter={false} sort={{ field: 'createdAt', order: 'DESC' }}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.api-tokens.fields.name')} />]}
        actions={<TopToolbar><CreateButton /></TopToolbar>}
        empty={<EmptyList icon={<KeyIcon />} title="api_tokens.empty.title" body="api_tokens.empty.body" />}>
        <ResponsiveDataTable rowClick={false} bulkActionButtons={false} phone={MOBILE} sx={oneLineCellsExcept('name', 'userName')}>
          <Column source="name"><TextField source="name" sx={{ fontWeight: 600 }} /></Column>
          <Column source="userName" disableSort />
          <Column source="prefix" disableSort><TokenPrefix /></Column>
          <Column source="expiresAt"><Expiry /></Column>
          <Column source="lastUsedAt"><LastUse /></Column>
          <Column source="createdAt"><LocalDateField source="createdAt" /></Column>
          <Column label="" disableSort><RevokeButton /></Column>
        </ResponsiveDataTable>
      </List>
    </>
  );
};

export default ApiTokenList;
