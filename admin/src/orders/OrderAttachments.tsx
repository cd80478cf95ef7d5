import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import {
  Alert, Box, Button, Chip, IconButton, Link, List, ListItem, ListItemText, MenuItem, Stack, TextField, Tooltip, Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Confirm, useNotify, useTranslate, type Identifier } from 'react-admin';
import { fileSizeText } from '../common/fileSize';
import { LocalDateField } from '../common/LocalDateField';
import { useErrorNotice, useErrorText } from '../common/useServerErrors';
import { isPermissionError } from '../providers/permissionNotice';
import { queryKeys } from '../providers/queryKeys';
import { attachmentUrl, useAppDataProvider } from '../providers/dataProvider';
import type { OrderAttachment } from '@kernel/orders/orderRecords';

const KINDS: Array<OrderAttachment['kind']> = ['pod', 'receipt'];
/** The server's limit (api attachments.ts): checked here first so a big file is not sent for nothing. */
const MAX_BYTES = 20 * 1024 * 1024;
const ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

/** A file and its kind, sent as multipart; the server's 413/415 refusals are shown in the user's language. */
const UploadForm = ({ orderId, onUploaded }: { orderId: Identifier; onUploaded: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const dataProvider = useAppDataProvider();
  const [kind, setKind] = useState<OrderAttachment['kind']>('pod');
  const [file, setFile] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setRefusal(null);
    if (file.size > MAX_BYTES) return setRefusal(translate('orders.attachments.too_large'));
    setPending(true);
    try {
      const uploaded = await dataProvider.uploadAttachment(orderId, kind, file);
      notify('orders.attachments.uploaded', { type: 'success', messageArgs: { name: uploaded.fileName } });
      setFile(null);
      setInputKey((key) => key + 1);
      onUploaded();
    } catch (error) {
      if (!isPermissionError(error)) setRefusal(errorText(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} data-testid="attachment-upload">
      {refusal && <Alert severity="error" sx={{ mb: 1 }} data-testid="attachment-error">{refusal}</Alert>}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField select size="small" label={translate('orders.attachments.kind')} value={kind} sx={{ minWidth: 120 }}
          onChange={(event) => setKind(event.target.value as OrderAttachment['kind'])} slotProps={{ htmlInput: { name: 'kind' } }}>
          {KINDS.map((k) => <MenuItem key={k} value={k}>{translate(`orders.attachments.kinds.${k}`)}</MenuItem>)}
        </TextField>
        <Button component="label" variant="outlined" size="small" startIcon={<AttachFileIcon />}>
          {translate('orders.attachments.choose_file')}
          <input key={inputKey} hidden type="file" accept={ACCEPT} data-testid="attachment-file"
            onChange={(event) => { setFile(event.target.files?.[0] ?? null); setRefusal(null); }} />
        </Button>
        <Button type="submit" variant="contained" size="small" startIcon={<UploadIcon />} disabled={!file || pending}
          data-testid="attachment-submit">
          {translate('orders.attachments.upload')}
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }} noWrap>
        {file ? file.name : translate('orders.attachments.hint')}
      </Typography>
    </Box>
  );
};

interface Props {
  orderId: Identifier;
  attachments: readonly OrderAttachment[];
  /** Upload and delete too (the new_order page); without it the files are only listed and downloaded. */
  editable: boolean;
}

/** The order's POD and receipt files: download, upload, delete after a confirmation. */
export const OrderAttachments = ({ orderId, attachments, editable }: Props) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notice = useErrorNotice();
  const queryClient = useQueryClient();
  const dataProvider = useAppDataProvider();
  const [deleting, setDeleting] = useState<OrderAttachment | null>(null);
  const [pending, setPending] = useState(false);
  // The progress bar's receipt step reads the same list.
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.orderAttachments(orderId) });
  const remove = async () => {
    if (!deleting) return;
    setPending(true);
    try {
      await dataProvider.deleteAttachment(orderId, deleting.id);
      notify('orders.attachments.deleted', { type: 'info', messageArgs: { name: deleting.fileName } });
      reload();
    } catch (error) {
      notice(error);
    } finally {
      setPending(false);
      setDeleting(null);
    }
  };

  return (
    <Stack spacing={1.5}>
      {attachments.length === 0
        ? <Typography variant="body2" color="text.secondary">{translate('orders.attachments.empty')}</Typography>
        : (
          <List dense disablePadding data-testid="attachment-list">
            {attachments.map((attachment) => (
              <ListItem key={attachment.id} disableGutters data-testid="attachment"
                secondaryAction={editable && (
                  <Tooltip title={translate('ra.action.delete')}>
                    <IconButton edge="end" size="small" aria-label={translate('ra.action.delete')}
                      onClick={() => setDeleting(attachment)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}>
                <ListItemText sx={{ pr: editable ? 4 : 0 }}
                  primary={(
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                      <Chip size="small" variant="outlined" label={translate(`orders.attachments.kinds.${attachment.kind}`)} />
                      <Link href={attachmentUrl(orderId, attachment.id)} download={attachment.fileName} noWrap
                        title={translate('orders.attachments.download')}>
                        {attachment.fileName}
                      </Link>
                    </Stack>
                  )}
                  secondary={(
                    <>
                      {`${fileSizeText(attachment.size)} · ${attachment.uploadedByName || '—'} · `}
                      <LocalDateField record={{ id: attachment.id, createdAt: attachment.createdAt }} source="createdAt"
                        showTime variant="caption" />
                    </>
                  )}
                  slotProps={{ secondary: { component: 'span', variant: 'caption' } }} />
              </ListItem>
            ))}
          </List>
        )}
      {editable && <UploadForm orderId={orderId} onUploaded={reload} />}
      <Confirm isOpen={deleting !== null} loading={pending} title="orders.attachments.delete_title"
        content="orders.attachments.delete_confirm" translateOptions={{ name: deleting?.fileName ?? '' }}
        onConfirm={remove} onClose={() => setDeleting(null)} />
    </Stack>
  );
};
