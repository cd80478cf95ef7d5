import HistoryIcon from '@mui/icons-material/History';
import { lazy } from 'react';

/** The activity log: a read-only list whose rows expand to their changes. */
export default {
  list: lazy(() => import('./ActivityLogList')),
  icon: HistoryIcon,
};
