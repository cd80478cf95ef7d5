import ComputerIcon from '@mui/icons-material/Computer';
import PhoneIcon from '@mui/icons-material/PhoneIphone';
import {
  Alert, Box, Button, Chip, CircularProgress, List, ListItem, ListItemIcon, ListItemText, Stack, Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useLogout, useNotify, useTranslate, type Identifier } from 'react-admin';
import type { SignedInSession } from '@kernel/users/sessions';
import { useDateFormat } from '../common/dateFormat';
import { useErrorNotice } from '../common/useServerErrors';
import { useAppDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';
import { browserOf } from './browserName';

/**
 * Where a person is signed in (DESIGN §16): each live session's browser, address, sign-in and last
 * use, this device first and marked, each ended by its own button, or (one's own) all but this one
 * after a confirmation. One's own (no `userId`), or an account one manages (its page, whose "Sign out
 * everywhere" ends them all).
 */
export const SignedInSessions = ({ userId }: { userId?: Identifier }) => {
  const translate = useTranslate();
  const format = useDateFormat();
  const notify = useNotify();
  const logout = useLogout();
  const onError = useErrorNotice();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const key = queryKeys.sessions(userId);
  const { data, isPending, error } = useQuery({ queryKey: key, queryFn: () => dataProvider.sessions(userId), staleTime: 0 });
  const [asking, setAsking] = useState(false);
  const sessions = [...(data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = sessions.filter((session) => !session.current);
  const end = useMutation({
    mutationFn: async (ended: SignedInSession[]) => {
      for (const session of ended) await dataProvider.endSession(session.id, userId);
      return ended;
    },
    onSuccess: (ended) => {
      if (ended.some((session) => session.current)) {
        void logout();
        return;
      }
      notify('sessions.ended', { type: 'success', messageArgs: { smart_count: ended.length } });
    },
    onError,
    onSettled: () => {
      setAsking(false);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });

  if (isPending) return <CircularProgress size={24} sx={{ m: 2 }} />;
  if (error) return <Alert severity="error">{translate('sessions.failed')}</Alert>;
  return (
    <Box data-testid="signed-in-sessions">
      <List dense disablePadding>
        {sessions.map((session) => {
          const { browser, os } = browserOf(session.userAgent);
          const name = browser && os ? translate('sessions.browser_on', { browser, os }) : browser ?? os ?? translate('sessions.unknown_browser');
          return (
            <ListItem key={session.id} divider data-testid="session-row" data-current={session.current}
              secondaryAction={(
                <Button size="small" color={session.current ? 'inherit' : 'error'} disabled={end.isPending}
                  onClick={() => end.mutate([session])} data-testid="end-session">
                  {translate(session.current ? 'sessions.end_current' : 'sessions.end')}
                </Button>
              )}>
              <ListItemIcon sx={{ minWidth: 36 }}>{os === 'iOS' || os === 'Android' ? <PhoneIcon /> : <ComputerIcon />}</ListItemIcon>
              <ListItemText sx={{ pr: 8 }}
                primary={(
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{name}</span>
                    {session.current && <Chip size="small" color="primary" label={translate('sessions.current')} />}
                  </Stack>
                )}
                secondary={[
                  session.ip && translate('sessions.ip', { ip: session.ip }),
                  translate('sessions.last_seen', { time: format.dateTime(session.lastSeenAt) }),
                  translate('sessions.signed_in', { time: format.dateTime(session.signedInAt) }),
                ].filter(Boolean).join(' · ')} />
            </ListItem>
          );
        })}
      </List>
      {(userId === undefined ? others : sessions).length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {translate(userId === undefined ? 'sessions.none' : 'sessions.none_user')}
        </Typography>
      )}
      {userId === undefined && others.length > 0 && (
        <Button sx={{ mt: 1.5 }} color="error" variant="outlined" disabled={end.isPending} onClick={() => setAsking(true)}
          data-testid="end-other-sessions">
          {translate('sessions.end_others')}
        </Button>
      )}
      <Confirm isOpen={asking} loading={end.isPending} title="sessions.end_others_title" content="sessions.end_others_body"
        translateOptions={{ smart_count: others.length }} confirm="sessions.end_others" confirmColor="warning"
        onConfirm={() => end.mutate(others)} onClose={() => setAsking(false)} />
    </Box>
  );
};
