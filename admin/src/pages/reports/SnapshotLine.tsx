import RefreshIcon from '@mui/icons-material/Refresh';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useToast } from '../../layout/useToast';
import { currentUserQuery } from '../../providers/queryClient';
import { useRefreshReports } from './reportApi';
import type { RunSummary } from '@kernel/reports/reportData';
import { useReportFormat } from './useReportFormat';

/** "Refresh now" (reports contract): admins only; the server refuses everyone else too. */
const RefreshButton = () => {
  const translate = useTranslate();
  const toast = useToast();
  const refresh = useRefreshReports();
  const onClick = () => refresh.mutate(undefined, {
    onSuccess: () => toast({ variant: 'success', title: translate('reports.toast.refreshed_title'),
      description: translate('reports.toast.refreshed') }),
    onError: () => toast({ variant: 'destructive', title: translate('reports.toast.refresh_failed_title'),
      description: translate('reports.toast.refresh_failed') }),
  });
  return (
    <Button size="small" onClick={onClick} disabled={refresh.isPending} data-testid="refresh-reports"
      startIcon={refresh.isPending ? <CircularProgress size={16} /> : <RefreshIcon />}>
      {translate('reports.actions.refresh')}
    </Button>
  );
};

/**
 * Which snapshot is shown, the 23:50 note (docs/reports.md#when-runs-are-made), and (on the live
 * reports) refresh now for admins.
 */
export const SnapshotLine = ({ run, refreshable }: { run: RunSummary | null | undefined; refreshable: boolean }) => {
  const translate = useTranslate();
  const format = useReportFormat();
  const { data: user } = useQuery(currentUserQuery);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', color: 'text.secondary' }}
      data-testid="snapshot-line">
      <ScheduleIcon fontSize="small" />
      {run !== undefined && (
        <Typography variant="body2" sx={{ fontWeight: 600, color: 'text.primary' }} data-testid="snapshot-time">
          {run ? translate('reports.snapshot.at', { time: format.dateTime(run.runAt) }) : translate('reports.snapshot.none')}
        </Typography>
      )}
      <Typography variant="body2">{translate('reports.snapshot.note')}</Typography>
      {refreshable && user?.role === 'admin' && <RefreshButton />}
    </Stack>
  );
};
