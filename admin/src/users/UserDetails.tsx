import { Card, CardContent, Stack, Typography } from '@mui/material';
import { Labeled, NumberField, useRecordContext, useTranslate } from 'react-admin';
import { LocalDateField } from '../common/LocalDateField';
import { SignedInSessions } from './SignedInSessions';
import { useActor } from './useActor';
import type { UserRecord } from './userModel';

const SIDE_CARD = { width: { md: 320 }, ml: { md: 2 }, mt: { xs: 2, md: 0 } } as const;

/**
 * The edit page's side cards: what the server keeps about the account and nobody types, and where
 * it is signed in, for those who manage it (DESIGN §16).
 */
export const UserDetails = () => {
  const translate = useTranslate();
  const user = useRecordContext<UserRecord>();
  const { mayManage } = useActor(user);
  return (
    // On a phone, room under the last card for the form's toolbar, which stays at the screen's foot.
    <Stack sx={{ alignSelf: { md: 'flex-start' }, pb: { xs: 8, md: 0 } }}>
      <Card sx={SIDE_CARD}>
        <CardContent>
          <Typography variant="subtitle2" color="text.secondary" gutterBottom>{translate('users.sections.details')}</Typography>
          <Stack spacing={1}>
            <Labeled><LocalDateField source="lastLoginAt" showTime emptyText="—" /></Labeled>
            <Labeled><LocalDateField source="createdAt" showTime /></Labeled>
            <Labeled><LocalDateField source="updatedAt" showTime /></Labeled>
            <Labeled><NumberField source="version" /></Labeled>
          </Stack>
        </CardContent>
      </Card>
      {user && mayManage && (
        <Card sx={{ ...SIDE_CARD, mt: 2 }} data-testid="user-sessions">
          <CardContent>
            <Typography variant="subtitle2" color="text.secondary" gutterBottom>{translate('sessions.user_title')}</Typography>
            <SignedInSessions userId={user.id} />
          </CardContent>
        </Card>
      )}
    </Stack>
  );
};
