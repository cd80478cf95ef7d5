import OutboxIcon from '@mui/icons-material/Outbox';
import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Button, Chip, Stack, Typography, type ChipProps } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DataTable, List, SearchInput, SelectInput, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { EmptyList } from '../common/EmptyList';
import { LocalDateField } from '../common/LocalDateField';
import { LIST_TABLE_SX, NO_WRAP, usePhone } from '../common/ResponsiveDataTable';
import { useToast } from '../layout/useToast';
import { useAppDataProvider } from '../providers/dataProvider';
import { LIST_LOAD_ERROR } from '../common/ListLoadError';
import { MAIL_STATUSES, MAIL_TEMPLATES, type MailRecord } from './mailOutboxModel';

const STATUS_CHOICES = MAIL_STATUSES.map((id) => ({ id, name: `mail.statuses.${id}` }));
const TEMPLATE_CHOICES = MAIL_TEMPLATES.map((id) => ({ id, name: `mail.templates.${id}` }));

const useFilters = () => {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('mail.search')} sx={{ minWidth: { sm: 260 } }} />,
    <SelectInput key="status" source="status" alwaysOn choices={STATUS_CHOICES} />,
    <SelectInput key="template" source="template" alwaysOn choices={TEMPLATE_CHOICES} />,
  ];
};

const STATUS_COLOURS: Record<MailRecord['status'], ChipProps['color']> = { pending: 'default', sending: 'info', sent: 'success', failed: 'error' };

const StatusChip = () => {
  const mail = useRecordContext<MailRecord>();
  const translate = useTranslate();
  if (!mail) return null;
  return <Chip size="small" color={STATUS_COLOURS[mail.status]} label={translate(`mail.statuses.${mail.status}`)} data-testid="mail-status" />;
};

const TemplateField = () => {
  const mail = useRecordContext<MailRecord>();
  const translate = useTranslate();
  return mail ? <>{translate(`mail.templates.${mail.template}`, { _: mail.template })}</> : null;
};

/** The recipient by name, and the address the mail went (or would go) to. */
const RecipientField = () => {
  const mail = useRecordContext<MailRecord>();
  if (!mail) return null;
  return (
    <Stack>
      <span>{mail.userName ?? '—'}</span>
      {mail.email && <Typography variant="caption" color="text.secondary">{mail.email}</Typography>}
    </Stack>
  );
};

/** The app's own reasons in the reader's language; the mail server's answer as it gave it. */
const ErrorField = () => {
  const mail = useRecordContext<MailRecord>();
  const translate = useTranslate();
  if (!mail?.lastError) return null;
  return <Typography variant="body2" sx={{ whiteSpace: 'normal', maxWidth: 360, overflowWrap: 'anywhere' }}>
    {translate(`mail.errors.${mail.lastError}`, { _: mail.lastError })}
  </Typography>;
};

/** Retry of a failed mail: due at once (the server logs it). */
const RetryButton = () => {
  const mail = useRecordContext<MailRecord>();
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const refresh = useRefresh();
  const toast = useToast();
  const retry = useMutation({
    mutationFn: (id: number) => dataProvider.retryMail(id),
    onSuccess: () => {
      toast({ variant: 'success', title: translate('mail.retry'), description: translate('mail.retried') });
      refresh();
    },
    onError: (error) => toast({ variant: 'destructive', title: translate('mail.retry'), description: error.message }),
  });
  if (mail?.status !== 'failed') return null;
  return (
    <Button size="small" startIcon={<ReplayIcon />} disabled={retry.isPending} data-testid="retry-mail"
      onClick={(event) => {
        event.stopPropagation();
        retry.mutate(mail.id);
      }}>
      {translate('mail.retry')}
    </Button>
  );
};

/** Where a phone has no room for columns: the mail, its recipient, its state and when. */
const PhoneEntry = () => (
  <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <StatusChip />
      <TemplateField />
    </Stack>
    <RecipientField />
    <ErrorField />
    <Typography variant="caption" color="text.secondary"><LocalDateField source="createdAt" showTime variant="inherit" /></Typography>
    <RetryButton />
  </Stack>
);

/** E-mail is off without SMTP_URL: nothing is queued then, and the list says why it stays empty. */
const MailOffNotice = () => {
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const { data } = useQuery({ queryKey: ['mail', 'status'], queryFn: () => dataProvider.mailStatus() });
  return data?.emailEnabled === false ? <Alert severity="info" sx={{ mt: 1 }} data-testid="mail-off">{translate('mail.off')}</Alert> : null;
};

const Column = DataTable.Col<MailRecord>;

/** The admins' view of the outbox (docs/email.md#the-outbox): what was sent, what waits, what failed and why. */
const MailOutboxList = () => {
  const phone = usePhone();
  const filters = useFilters();
  return (
    <>
      <MailOffNotice />
      <List {...LIST_LOAD_ERROR} title="mail.title" filters={filters} exporter={false} sort={{ field: 'id', order: 'DESC' }} perPage={25}
        empty={<EmptyList icon={<OutboxIcon />} title="mail.empty.title" body="mail.empty.body" create={false} />}>
        <DataTable bulkActionButtons={false} rowClick={false} sx={[LIST_TABLE_SX, { '& .RaDataTable-rowCell': NO_WRAP }]}>
          <Column source="createdAt">{phone ? <PhoneEntry /> : <LocalDateField source="createdAt" showTime />}</Column>
          {!phone && <Column source="userName" field={RecipientField} disableSort />}
          {!phone && <Column source="template" field={TemplateField} />}
          {!phone && <Column source="status" field={StatusChip} />}
          {!phone && <Column source="attempts" />}
          {!phone && <Column source="lastError" field={ErrorField} disableSort />}
          {!phone && <Column source="sentAt"><LocalDateField source="sentAt" showTime /></Column>}
          {!phone && <Column source="id" label="" field={RetryButton} disableSort />}
        </DataTable>
      </List>
    </>
  );
};

export default MailOutboxList;
