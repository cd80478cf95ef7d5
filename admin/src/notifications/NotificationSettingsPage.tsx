import {
  Alert, Box, Button, Card, CardContent, Checkbox, FormControl, FormControlLabel, FormGroup, InputLabel, MenuItem, Select,
  Switch, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import {
  NOTIFICATION_KINDS, REPORT_SUBSCRIPTION_PERIODS, type NotificationChannels, type NotificationKind,
} from '@kernel/notifications/notificationKinds';
import type { NotificationSettings } from '@kernel/notifications/notificationRecords';
import { PageLoading } from '../layout/PageLoading';
import { useToast } from '../layout/useToast';
import { useAppDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const NO_DIGEST = 'none';

/**
 * /notification-settings (user menu; every active user, their own choices): which kinds reach
 * them in the app and by e-mail, the daily digest's hour and the report subscriptions, each as the
 * server answers what the person can have (the kinds they can hear of; report subscriptions only
 * with the reports page). Without e-mail on the server (emailEnabled false) the e-mail choices are
 * shown off and disabled.
 */
export default function NotificationSettingsPage() {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { data } = useQuery({ queryKey: queryKeys.notificationSettings(), queryFn: () => dataProvider.notificationSettings() });
  // The person's edits; until the first one, what the server answered.
  const [edited, setDraft] = useState<NotificationSettings>();
  const draft = edited ?? data;
  const save = useMutation({
    mutationFn: (settings: NotificationSettings) => dataProvider.saveNotificationSettings(settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.notificationSettings(), saved);
      setDraft(undefined);
      toast({ title: translate('notifications.setting.saved'), variant: 'success' });
    },
  });
  if (!data || !draft) return <PageLoading />;
  const email = data.emailEnabled;
  const offered = NOTIFICATION_KINDS.flatMap((kind) => {
    const chosen = draft.kinds[kind];
    return chosen ? [{ kind, chosen }] : [];
  });
  const setChannel = (kind: NotificationKind, chosen: NotificationChannels, channel: keyof NotificationChannels, on: boolean) =>
    setDraft({ ...draft, kinds: { ...draft.kinds, [kind]: { ...chosen, [channel]: on } } });
  const subscribed = draft.reportSubscriptions;
  const toggleReport = (period: (typeof REPORT_SUBSCRIPTION_PERIODS)[number], on: boolean) =>
    setDraft({ ...draft, reportSubscriptions: REPORT_SUBSCRIPTION_PERIODS.filter((p) => (p === period ? on : subscribed?.includes(p))) });

  return (
    <Box sx={{ maxWidth: 760, py: 2 }}>
      <Title title={translate('notifications.setting.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }} data-testid="page-title">{translate('notifications.setting.title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate('notifications.setting.intro')}</Typography>
      {!email && <Alert severity="info" sx={{ mb: 2 }} data-testid="email-off">{translate('notifications.setting.email_off')}</Alert>}
      <Card sx={{ mb: 2 }}>
        <Table size="small" data-testid="notification-kinds">
          <TableHead>
            <TableRow>
              <TableCell>{translate('notifications.setting.kind')}</TableCell>
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>{translate('notifications.setting.in_app')}</TableCell>
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>{translate('notifications.setting.email')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {offered.map(({ kind, chosen }) => {
              const label = translate(`notifications.kinds.${kind}`);
              return (
                <TableRow key={kind} data-testid={`kind-${kind}`}>
                  <TableCell component="th" scope="row">{label}</TableCell>
                  <TableCell align="center" padding="checkbox">
                    <Switch checked={chosen.inApp} onChange={(_, on) => setChannel(kind, chosen, 'inApp', on)}
                      slotProps={{ input: { 'aria-label': translate('app.label_value', { label, value: translate('notifications.setting.in_app') }) } }} />
                  </TableCell>
                  <TableCell align="center" padding="checkbox">
                    <Switch checked={email && chosen.email} disabled={!email} onChange={(_, on) => setChannel(kind, chosen, 'email', on)}
                      slotProps={{ input: { 'aria-label': translate('app.label_value', { label, value: translate('notifications.setting.email') }) } }} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Card>
      <Card sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Box>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>{translate('notifications.setting.digest')}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>{translate('notifications.setting.digest_help')}</Typography>
            <FormControl size="small" sx={{ minWidth: 180 }} disabled={!email}>
              <InputLabel id="digest-hour-label">{translate('notifications.setting.digest_hour')}</InputLabel>
              <Select labelId="digest-hour-label" label={translate('notifications.setting.digest_hour')} data-testid="digest-hour"
                value={draft.digestHour === null ? NO_DIGEST : String(draft.digestHour)}
                onChange={(event) => setDraft({ ...draft, digestHour: event.target.value === NO_DIGEST ? null : Number(event.target.value) })}>
                <MenuItem value={NO_DIGEST}>{translate('notifications.setting.digest_none')}</MenuItem>
                {HOURS.map((hour) => <MenuItem key={hour} value={String(hour)}>{`${String(hour).padStart(2, '0')}:00`}</MenuItem>)}
              </Select>
            </FormControl>
          </Box>
          {subscribed && (
            <Box>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>{translate('notifications.setting.reports')}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('notifications.setting.reports_help')}</Typography>
              <FormGroup row>
                {REPORT_SUBSCRIPTION_PERIODS.map((period) => (
                  <FormControlLabel key={period} disabled={!email} label={translate(`notifications.setting.${period}`)}
                    control={<Checkbox checked={subscribed.includes(period)} onChange={(_, on) => toggleReport(period, on)} />} />
                ))}
              </FormGroup>
            </Box>
          )}
        </CardContent>
      </Card>
      <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate({ kinds: draft.kinds, digestHour: draft.digestHour, reportSubscriptions: subscribed })} data-testid="notification-settings-save">
        {translate('notifications.setting.save')}
      </Button>
    </Box>
  );
}
