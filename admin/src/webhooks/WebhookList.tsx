import WebhookIcon from '@mui/icons-material/Webhook';
import { Alert } from '@mui/material';
import { CreateButton, DataTable, List, NumberField, SearchInput, TopToolbar, useTranslate } from 'react-admin';
import { EmptyList } from '../common/EmptyList';
import { LocalDateField } from '../common/LocalDateField';
import { LIST_LOAD_ERROR } from '../common/ListLoadError';
import { oneLineCellsExcept, ResponsiveDataTable, type PhoneLines } from '../common/ResponsiveDataTable';
import { EventChips, WebhookState, WebhookUrl } from './webhookParts';
import type { WebhookRecord } from './webhookModel';

const Column = DataTable.Col<WebhookRecord>;

/** On a phone: the endpoint, its state at the right, then its events and its creator. */
const usePhoneLines = (): PhoneLines<WebhookRecord> => {
  const translate = useTranslate();
  return {
    primaryText: () => <WebhookUrl />,
    secondaryText: (webhook) => [webhook.events.map((event) => translate(`webhooks.events.${event}`)).join(translate('webhooks.list_separator')),
      webhook.userName].filter(Boolean).join(' · '),
    tertiaryText: () => <WebhookState />,
  };
};

/** What a webhook is, above the list: a signed POST per order event, retried, paused after 3 days of failures. */
const Intro = () => {
  const translate = useTranslate();
  return <Alert severity="info" sx={{ mt: 1, mb: 1 }}>{translate('webhooks.intro')}</Alert>;
};

/** The webhooks: where each sends, what of, whether it is active or paused, and what waits to be sent. */
const WebhookList = () => {
  const translate = useTranslate();
  const phone = usePhoneLines();
  return (
    <>
      <Intro />
      <List {...LIST_LOAD_ERROR} title="webhooks.title" perPage={25} exporter={false} sort={{ field: 'createdAt', order: 'DESC' }}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.webhooks.fields.url')} />]}
        actions={<TopToolbar><CreateButton /></TopToolbar>}
        empty={<EmptyList icon={<WebhookIcon />} title="webhooks.empty.title" body="webhooks.empty.body" />}>
        <ResponsiveDataTable rowClick="edit" bulkActionButtons={false} phone={phone} sx={oneLineCellsExcept('url', 'events')}>
          <Column source="url"><WebhookUrl /></Column>
          <Column source="events" disableSort><EventChips /></Column>
          <Column source="active" disableSort><WebhookState /></Column>
          <Column source="openDeliveries" disableSort align="right"><NumberField source="openDeliveries" /></Column>
          <Column source="userName" disableSort />
          <Column source="createdAt"><LocalDateField source="createdAt" /></Column>
        </ResponsiveDataTable>
      </List>
    </>
  );
};

export default WebhookList;
