import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** The guarded page of a module that a later release fills in. */
const ComingSoon = ({ title }: { title: string }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate(title)} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-testid="page-title">{translate(title)}</Typography>
      <Card>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 4 }}>
          <ConstructionIcon color="warning" sx={{ fontSize: 48 }} />
          <Box>
            <Typography variant="subtitle1">{translate('app.coming_title')}</Typography>
            <Typography variant="body2" color="text.secondary">{translate('app.coming_body')}</Typography>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
};

export default ComingSoon;
