import LockIcon from '@mui/icons-material/LockOutlined';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/**
 * Shown when page access is refused or the check fails
 * (docs/routes-and-pages.md#how-a-page-is-opened); `title` names the page it stands in.
 */
export const AccessDenied = ({ title = 'access.denied_title' }: { title?: string }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 6, px: 2 }}>
      <Title title={translate(title)} />
      <Card sx={{ maxWidth: 520, width: '100%' }} data-testid="access-denied">
        <CardContent sx={{ textAlign: 'center', p: 4 }}>
          <LockIcon color="error" sx={{ fontSize: 56, mb: 1 }} />
          <Typography variant="h5" component="h1" gutterBottom>{translate('access.denied_title')}</Typography>
          <Typography color="text.secondary" gutterBottom>{translate('access.denied_message')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {translate('access.contact_programmer')}
          </Typography>
          <Button variant="contained" onClick={goBack}>{translate('access.go_back')}</Button>
        </CardContent>
      </Card>
    </Box>
  );
};
