import DownloadIcon from '@mui/icons-material/Download';
import InventoryIcon from '@mui/icons-material/Inventory2';
import {
  Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Table, TableBody,
  TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button as ToolbarButton, useLocaleState, useTranslate } from 'react-admin';
import { LOG_ARCHIVE_ROLES } from '@kernel/activity/logArchiveFile';
import type { Role } from '@kernel/users/roles';
import { BCP47, useDateFormat } from '../common/dateFormat';
import { fileSizeText } from '../common/fileSize';
import { useErrorText } from '../common/useServerErrors';
import { logArchiveUrl, useAppDataProvider } from '../providers/dataProvider';
import { currentUserQuery } from '../providers/queryClient';
import { queryKeys } from '../providers/queryKeys';

/** The archive files, month by month, each a download; read when the dialog opens, never kept. */
const LogArchivesDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const format = useDateFormat();
  const [locale] = useLocaleState();
  const errorText = useErrorText();
  const dataProvider = useAppDataProvider();
  const { data: files, error } = useQuery({ queryKey: queryKeys.logArchives(), queryFn: () => dataProvider.logArchives(), gcTime: 0 });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="log-archives">
      <DialogTitle>{translate('activity_logs.archives.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('activity_logs.archives.intro')}</DialogContentText>
        {!files && !error && (
          <Typography sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <CircularProgress size={18} /> {translate('activity_logs.archives.loading')}
          </Typography>
        )}
        {error && <Alert severity="error">{errorText(error)}</Alert>}
        {files?.length === 0 && <Typography color="text.secondary">{translate('activity_logs.archives.empty')}</Typography>}
        {files && files.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('activity_logs.archives.month')}</TableCell>
                <TableCell align="right">{translate('activity_logs.archives.rows')}</TableCell>
                <TableCell align="right">{translate('activity_logs.archives.size')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {files.map((archive) => (
                <TableRow key={archive.file} data-testid="log-archive">
                  <TableCell title={archive.file}>{format.month(`${archive.month}-01`)}</TableCell>
                  <TableCell align="right">{archive.rows?.toLocaleString(BCP47[locale]) ?? '—'}</TableCell>
                  <TableCell align="right">{fileSizeText(archive.bytes)}</TableCell>
                  <TableCell align="right">
                    {/* A link: the server's Content-Disposition makes it a download under the file's name. */}
                    <Button size="small" href={logArchiveUrl(archive.file)} startIcon={<DownloadIcon />}>
                      {translate('activity_logs.archives.download')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * The activity log's archived months (docs/operations.md#archiving-the-activity-log), for the roles
 * the server serves them to. react-admin's toolbar button: its icon alone on a phone, as the export's.
 */
export const LogArchivesButton = () => {
  const { data: user } = useQuery(currentUserQuery);
  const [open, setOpen] = useState(false);
  if (user?.status !== 'active' || !LOG_ARCHIVE_ROLES.includes(user.role as Role)) return null;
  return (
    <>
      <ToolbarButton label="activity_logs.archives.button" onClick={() => setOpen(true)} data-testid="log-archives-button">
        <InventoryIcon />
      </ToolbarButton>
      {open && <LogArchivesDialog onClose={() => setOpen(false)} />}
    </>
  );
};
