import AutorenewIcon from '@mui/icons-material/Autorenew';
import LinkIcon from '@mui/icons-material/Link';
import { Button, Stack, Tooltip } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate, type Identifier } from 'react-admin';
import { trackingPath } from '@kernel/tracking/trackedOrder';
import { useErrorNotice } from '../common/useServerErrors';
import { useAppDataProvider } from '../providers/dataProvider';

/**
 * The order's tracking link (docs/tracking-links.md): "Copy tracking link" makes it if the order
 * has none and copies it; "New link", after a confirmation, makes another and the old one stops.
 * Where the clipboard is refused, the toast still shows the link to copy by hand.
 */
export const TrackingLinkButtons = ({ orderId }: { orderId: Identifier }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useErrorNotice();
  const dataProvider = useAppDataProvider();
  const [asking, setAsking] = useState(false);
  const link = useMutation({
    mutationFn: (renew: boolean) => dataProvider.trackingLink(orderId, renew),
    onSuccess: async ({ token }, renew) => {
      const url = `${window.location.origin}${trackingPath(token)}`;
      await navigator.clipboard?.writeText(url).catch(() => undefined);
      notify(renew ? 'tracking.link.renewed' : 'tracking.link.copied', { type: 'success', messageArgs: { url } });
      setAsking(false);
    },
    onError: (error) => {
      setAsking(false);
      onError(error);
    },
  });
  return (
    <Stack direction="row" spacing={1} sx={{ ml: { sm: 'auto' } }}>
      <Tooltip title={translate('tracking.link.help')} describeChild>
        <Button size="small" startIcon={<LinkIcon />} disabled={link.isPending} onClick={() => link.mutate(false)} data-testid="copy-tracking-link">
          {translate('tracking.link.copy')}
        </Button>
      </Tooltip>
      <Button size="small" startIcon={<AutorenewIcon />} disabled={link.isPending} onClick={() => setAsking(true)} data-testid="renew-tracking-link">
        {translate('tracking.link.renew')}
      </Button>
      <Confirm isOpen={asking} loading={link.isPending} title="tracking.link.renew_title" content="tracking.link.renew_body"
        confirm="tracking.link.renew" confirmColor="warning" ConfirmIcon={AutorenewIcon}
        onConfirm={() => link.mutate(true)} onClose={() => setAsking(false)} />
    </Stack>
  );
};
