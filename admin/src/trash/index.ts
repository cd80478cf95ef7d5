import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { lazy } from 'react';
import type { TrashRecord } from './trashModel';

/** The trash: deleted records of every resource, to restore or (administrators) purge. */
export default {
  list: lazy(() => import('./TrashList')),
  icon: DeleteSweepIcon,
  recordRepresentation: (record: TrashRecord) => record.name ?? record.id,
};
