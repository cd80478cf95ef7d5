import PersonIcon from '@mui/icons-material/Person';
import { Table, TableBody, TableCell, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CurrentUser } from '../../providers/dataProvider';
import { DashboardCard } from './DashboardCard';
import { roleText } from './roleText';
import { personName } from '@kernel/users/personName';

export const UserInfoCard = ({ user }: { user?: CurrentUser }) => {
  const translate = useTranslate();
  const rows: Array<[string, string]> = [
    ['dashboard.username', user?.username ?? ''],
    ['dashboard.name', user ? personName(user) : ''],
    ['dashboard.role', user ? roleText(user, translate) : ''],
  ];
  return (
    <DashboardCard title={translate('dashboard.user_info')} icon={<PersonIcon color="primary" />} testId="user-info">
      <Table size="small">
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" sx={{ color: 'text.secondary', border: 0, pl: 0 }}>{translate(label)}</TableCell>
              <TableCell sx={{ border: 0 }}>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </DashboardCard>
  );
};
