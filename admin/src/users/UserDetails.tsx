import { Card, CardContent, Stack, Typography } from '@mui/material';
import { Labeled, NumberField, useTranslate } from 'react-admin';
import { LocalDateField } from '../common/LocalDateField';

/** The edit page's side card: what the server keeps about the account and nobody types. */
export const UserDetails = () => {
  const translate = useTranslate();
  return (
    <Card sx={{ width: { md: 260 }, ml: { md: 2 }, mt: { xs: 2, md: 0 }, alignSelf: 'flex-start' }}>
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
  );
};
