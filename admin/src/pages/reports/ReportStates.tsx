import InsertChartOutlinedIcon from '@mui/icons-material/InsertChartOutlined';
import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The customer's error texts (docs/admin-screens.md#notices) when report data cannot be read. */
export const LoadingFailed = () => {
  const translate = useTranslate();
  return (
    <Alert severity="error" variant="outlined" data-testid="report-error">
      <AlertTitle>{translate('reports.errors.loading_failed')}</AlertTitle>
      {translate('reports.errors.unable_to_load')}
    </Alert>
  );
};

/** The customer's empty text (docs/admin-screens.md#notices) when the chosen period holds no order. */
export const NoReportData = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }} data-testid="report-empty">
      <InsertChartOutlinedIcon sx={{ fontSize: 56, opacity: 0.5 }} />
      <Typography variant="body1">{translate('reports.errors.no_data')}</Typography>
    </Box>
  );
};
