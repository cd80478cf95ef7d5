import ExploreIcon from '@mui/icons-material/Explore';
import { Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { menuLinks } from '../../layout/menuItems';
import { useShell } from '../../layout/Shell';
import { accessiblePagesQuery } from '../../providers/queryClient';
import { DashboardCard } from './DashboardCard';

export const QuickNavigationCard = () => {
  const translate = useTranslate();
  const { sidebar } = useShell();
  const { data: pages } = useQuery(accessiblePagesQuery);
  const allowed = new Set(pages?.map((p) => p.pageKey));
  const links = menuLinks(sidebar).filter((item) => item.to !== '/' && allowed.has(item.pageKey));
  // A pending account (or one without pages) has no shortcut to point at.
  const text = pages && links.length === 0 ? 'dashboard.quick_navigation_none' : 'dashboard.quick_navigation_text';
  return (
    <DashboardCard title={translate('dashboard.quick_navigation')} icon={<ExploreIcon color="primary" />}
      testId="quick-navigation">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(text)}
      </Typography>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        {links.map((item) => (
          <Button key={item.to} component={Link} to={item.to} variant="outlined" size="small" startIcon={item.icon}>
            {translate(item.label)}
          </Button>
        ))}
      </Stack>
    </DashboardCard>
  );
};
