import { Box, Grid, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import { useAppDataProvider } from '../../providers/dataProvider';
import { currentUserQuery } from '../../providers/queryClient';
import { queryKeys } from '../../providers/queryKeys';
import { ContributorsCard } from './ContributorsCard';
import { DailyWishCard } from './DailyWishCard';
import { QuickNavigationCard } from './QuickNavigationCard';
import { SystemStatusCard } from './SystemStatusCard';
import { UserInfoCard } from './UserInfoCard';
import { personName } from '@kernel/users/personName';

/**
 * The dashboard (docs/admin-screens.md#what-the-pages-hold): who I am, system status, quick
 * navigation, contributors, daily wish.
 */
const Dashboard = () => {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { data: user } = useQuery(currentUserQuery);
  const { data } = useQuery({ queryKey: queryKeys.dashboard(), queryFn: () => dataProvider.dashboard() });
  return (
    <Box sx={{ py: 2 }} data-testid="dashboard">
      <Title title={translate('dashboard.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('dashboard.greeting', { name: user ? personName(user) : '' })}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}><UserInfoCard user={user ?? undefined} /></Grid>
        <Grid size={{ xs: 12, md: 6, lg: 4 }}><SystemStatusCard version={data?.version} /></Grid>
        <Grid size={{ xs: 12, lg: 4 }}><DailyWishCard /></Grid>
        <Grid size={{ xs: 12, lg: 6 }}><QuickNavigationCard /></Grid>
        <Grid size={{ xs: 12, lg: 6 }}><ContributorsCard contributors={data?.contributors} /></Grid>
      </Grid>
    </Box>
  );
};

export default Dashboard;
