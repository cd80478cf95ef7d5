import { Box, LinearProgress } from '@mui/material';

/**
 * A thin indeterminate bar while `fetching`, else an empty box of its height, so the content below
 * never moves. Not a bar hidden when idle: its endless animation would go on drawing as long as
 * the page is open.
 */
export const FetchingBar = ({ fetching, height = 4, mb = 0 }: { fetching: boolean; height?: number; mb?: number }) =>
  (fetching ? <LinearProgress sx={{ height, mb }} /> : <Box sx={{ height, mb }} />);
