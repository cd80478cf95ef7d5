import FavoriteIcon from '@mui/icons-material/Favorite';
import { Box, Chip, Grid, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DashboardCard } from './DashboardCard';
import { CONTRIBUTOR_GROUPS, type Contributors } from '@kernel/dashboard/dashboardData';

/** Thanks the active staff by role; an empty group reads "No personnel currently". */
export const ContributorsCard = ({ contributors }: { contributors?: Contributors }) => {
  const translate = useTranslate();
  return (
    <DashboardCard title={translate('dashboard.contributors')} icon={<FavoriteIcon color="error" />}
      testId="contributors">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('dashboard.contributors_text')}
      </Typography>
      <Grid container spacing={2}>
        {CONTRIBUTOR_GROUPS.map((group) => {
          const names = contributors?.[group] ?? [];
          return (
            <Grid key={group} size={{ xs: 12, sm: 6 }} data-testid={`contributors-${group}`}>
              <Typography variant="subtitle2" gutterBottom>
                {translate(`dashboard.contributor_groups.${group}`)}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {names.length === 0
                  ? <Typography variant="body2" color="text.secondary">{translate('dashboard.no_personnel')}</Typography>
                  : names.map((name) => <Chip key={name} size="small" label={name} />)}
              </Box>
            </Grid>
          );
        })}
      </Grid>
    </DashboardCard>
  );
};
