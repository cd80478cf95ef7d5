import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import { Chip, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { accessiblePagesQuery, currentUserQuery } from '../../providers/queryClient';
import { DashboardCard } from './DashboardCard';
import { roleText } from './roleText';

export const SystemStatusCard = ({ version }: { version?: string }) => {
  const translate = useTranslate();
  const { data: user } = useQuery(currentUserQuery);
  const { data: pages } = useQuery(accessiblePagesQuery);
  return (
    <DashboardCard title={translate('dashboard.system_status')} icon={<MonitorHeartIcon color="primary" />}
      testId="system-status">
      <Table size="small">
        <TableBody>
          <TableRow>
            <TableCell component="th" sx={{ color: 'text.secondary', border: 0, pl: 0 }}>
              {translate('dashboard.login_status')}
            </TableCell>
            <TableCell sx={{ border: 0 }}>
              <Chip size="small" color="success" label={translate('dashboard.signed_in')} />
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell component="th" sx={{ color: 'text.secondary', border: 0, pl: 0 }}>
              {translate('dashboard.permission_level')}
            </TableCell>
            <TableCell sx={{ border: 0 }}>
              {user ? `${roleText(user, translate)} · ${translate(`user_statuses.${user.status}`)}` : ''}
              {pages && ` · ${translate('dashboard.pages_count', { count: pages.length })}`}
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell component="th" sx={{ color: 'text.secondary', border: 0, pl: 0 }}>
              {translate('dashboard.system_version')}
            </TableCell>
            <TableCell sx={{ border: 0 }}>{version ? `v${version}` : ''}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </DashboardCard>
  );
};
