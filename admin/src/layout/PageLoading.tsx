import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The spinner with "加载中...", full screen while the current user loads (docs/admin-screens.md#requests-and-caching). */
export const PageLoading = ({ fullScreen = false }: { fullScreen?: boolean }) => {
  const translate = useTranslate();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center',
      justifyContent: 'center', gap: 2, minHeight: fullScreen ? '100vh' : 240 }}>
      <CircularProgress />
      <Typography color="text.secondary">{translate('app.loading')}</Typography>
    </Box>
  );
};

export const FullScreenLoading = () => <PageLoading fullScreen />;
