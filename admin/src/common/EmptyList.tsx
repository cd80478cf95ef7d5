import { Box, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { CreateButton, useTranslate } from 'react-admin';

/** A list with no records yet: what it is for, and the button that adds the first one (where people add them). */
export const EmptyList = ({ icon, title, body, create = true }: { icon: ReactElement; title: string; body: string; create?: boolean }) => {
  const translate = useTranslate();
  return (
    <Box data-testid="empty-list" sx={{ textAlign: 'center', py: 8, px: 2, mx: 'auto', maxWidth: 480,
      color: 'text.secondary', '& > svg': { fontSize: 72, opacity: 0.5 } }}>
      {icon}
      <Typography variant="h6" color="text.primary" sx={{ mt: 1 }}>{translate(title)}</Typography>
      <Typography variant="body2" sx={{ mb: 3 }}>{translate(body)}</Typography>
      {create && <CreateButton variant="contained" />}
    </Box>
  );
};
