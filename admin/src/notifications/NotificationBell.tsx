import DoneIcon from '@mui/icons-material/Done';
import NotificationsIcon from '@mui/icons-material/Notifications';
import SettingsIcon from '@mui/icons-material/Settings';
import {
  Badge, Box, Button, Divider, IconButton, List, ListItem, ListItemButton, ListItemText, Popover, Tooltip, Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetIdentity, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { NotificationRecord } from '@kernel/notifications/notificationRecords';
import { useDateFormat } from '../common/dateFormat';
import { useAppDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';
import { notificationTarget, notificationText } from './notificationText';

/** Read by screen readers, not shown (MUI's visuallyHidden). */
const HIDDEN = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0,
  position: 'absolute', whiteSpace: 'nowrap', width: '1px' } as const;

/** How many of the newest notifications the list shows. */
const SHOWN = 30;

/**
 * The app bar's bell (docs/notifications.md): the unread count, and the newest notifications
 * in a popover: open one (it is then read), mark one or all read, reach the settings. The count
 * follows the event stream's `notification` events (live/LiveUpdates.tsx): no polling.
 */
export const NotificationBell = () => {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const format = useDateFormat();
  const { identity } = useGetIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // A pending account has no notifications (the server refuses it everything but its own account).
  const active = identity !== undefined && identity.status !== 'pending';
  const { data } = useQuery({ queryKey: queryKeys.notifications(), queryFn: () => dataProvider.notifications([0, SHOWN - 1]), enabled: active });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications() });
  const markRead = useMutation({ mutationFn: (id: number) => dataProvider.markNotificationRead(id), onSettled: refresh });
  const markAll = useMutation({ mutationFn: () => dataProvider.markAllNotificationsRead(), onSettled: refresh });
  if (!active) return null;
  const unread = data?.unread ?? 0;
  const rows = data?.rows ?? [];

  const open = (row: NotificationRecord) => {
    if (!row.readAt) markRead.mutate(row.id);
    setAnchor(null);
    const target = notificationTarget(row);
    if (target) navigate(target);
  };

  return (
    <>
      {/* Named by its text, not an aria-label: a label that did not start with the badge's visible
          count failed WCAG 2.5.3 (label in name). The count is said in the hidden text instead. */}
      <Tooltip title={translate('notifications.title')} describeChild>
        <IconButton color="inherit" onClick={(event) => setAnchor(event.currentTarget)} data-testid="notification-bell">
          <Badge badgeContent={unread} color="error" max={99} data-testid="notification-count" data-count={unread}
            slotProps={{ badge: { 'aria-hidden': true } }}>
            <NotificationsIcon />
          </Badge>
          <Box component="span" sx={HIDDEN}>{translate('notifications.bell', { smart_count: unread })}</Box>
        </IconButton>
      </Tooltip>
      <Popover open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 420, maxWidth: 'calc(100vw - 16px)' }, 'data-testid': 'notification-list' } as object }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>{translate('notifications.title')}</Typography>
          <Button size="small" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()} data-testid="notifications-read-all">
            {translate('notifications.mark_all_read')}
          </Button>
          <Tooltip title={translate('notifications.settings')}>
            <IconButton size="small" aria-label={translate('notifications.settings')}
              onClick={() => { setAnchor(null); navigate('/notification-settings'); }}>
              <SettingsIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
        <Divider />
        {rows.length === 0 ? (
          <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">{translate('notifications.empty')}</Typography>
        ) : (
          <List dense disablePadding sx={{ maxHeight: 'min(480px, 70vh)', overflowY: 'auto' }}>
            {rows.map((row) => (
              <ListItem key={row.id} disablePadding divider data-testid="notification-item" data-unread={row.readAt ? undefined : 'true'}
                secondaryAction={row.readAt ? undefined : (
                  <Tooltip title={translate('notifications.mark_read')}>
                    <IconButton edge="end" size="small" aria-label={translate('notifications.mark_read')} data-testid="notification-read"
                      onClick={() => markRead.mutate(row.id)}>
                      <DoneIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}>
                <ListItemButton onClick={() => open(row)} sx={{ alignItems: 'flex-start', gap: 1 }}>
                  <Box aria-hidden sx={{ mt: 1, width: 8, height: 8, borderRadius: '50%', flexShrink: 0,
                    bgcolor: row.readAt ? 'transparent' : 'primary.main' }} />
                  <ListItemText
                    primary={notificationText(translate, row)}
                    secondary={`${translate(`notifications.kinds.${row.kind}`)} · ${format.dateTime(row.createdAt)}`}
                    slotProps={{ primary: { sx: { fontWeight: row.readAt ? 400 : 600 } } }} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
};
