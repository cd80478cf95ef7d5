import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

export const NotFound = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', mt: 8, px: 2 }} data-testid="not-found">
      <Title title={translate('not_found.title')} />
      <SearchOffIcon sx={{ fontSize: 64, color: 'text.secondary' }} />
      <Typography variant="h5" component="h1" gutterBottom>{translate('not_found.title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>{translate('not_found.message')}</Typography>
      <Button variant="contained" component={Link} to="/">{translate('not_found.home')}</Button>
    </Box>
  );
};
