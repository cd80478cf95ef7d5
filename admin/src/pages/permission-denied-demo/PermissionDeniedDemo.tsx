import { Box, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AccessDenied } from '../../layout/AccessDenied';
import { useAppDataProvider } from '../../providers/dataProvider';

/**
 * Shows the access-denied screen, and triggers the global permission-denied notice through a
 * real refused call (the permissions page, which only admins may use).
 */
const PermissionDeniedDemo = () => {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const trigger = () => dataProvider.permissionDeniedDemo().catch(() => undefined);
  return (
    <Box>
      <AccessDenied title="access.demo_title" />
      <Box sx={{ textAlign: 'center', mt: 2 }}>
        <Button variant="outlined" color="error" onClick={trigger} data-testid="trigger-permission-denied">
          {translate('access.demo_trigger')}
        </Button>
      </Box>
    </Box>
  );
};

export default PermissionDeniedDemo;
