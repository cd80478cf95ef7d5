import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useAuditLabels } from '../common/auditVocabulary';
import { LoggedValue } from '../common/LoggedValue';
import type { Conflicts } from './recordMerge';

/** One side of a conflict: whose value, the value, and the button that keeps it. */
const Side = ({ label, action, onPick, children }: { label: string; action: string; onPick: () => void; children: ReactNode }) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
    <Typography variant="body2" component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
      <Box component="span" sx={{ fontWeight: 600, mr: 0.5 }}>{label}</Box>
      {children}
    </Typography>
    <Button size="small" color="inherit" variant="outlined" onClick={onPick} sx={{ flexShrink: 0 }}>{action}</Button>
  </Stack>
);

/**
 * After a reload, each field both the person and someone else changed, to different values: the
 * field keeps the person's value (a save sends it) until they pick, here, theirs or their own.
 */
export const LiveConflicts = ({ type, conflicts, onUseTheirs, onKeepMine }: {
  type: string; conflicts: Conflicts;
  onUseTheirs: (field: string) => void; onKeepMine: (field: string) => void;
}) => {
  const translate = useTranslate();
  const labels = useAuditLabels();
  const panel = useRef<HTMLDivElement>(null);
  const count = Object.keys(conflicts).length;
  // The button pressed (Reload, or a pick) is gone: a keyboard user goes on from here, not from the top.
  useEffect(() => panel.current?.focus(), [count]);
  return (
    <Alert severity="warning" data-testid="live-conflicts" ref={panel} tabIndex={-1}
      sx={{ mb: 2, width: '100%', boxSizing: 'border-box' }}
      slotProps={{ message: { sx: { flex: 1, minWidth: 0 } } }}>
      <AlertTitle>{translate('live.conflicts_title')}</AlertTitle>
      <Stack spacing={1.5}>
        {Object.entries(conflicts).map(([field, { theirs, mine }]) => (
          <Stack key={field} spacing={0.5} data-testid={`live-conflict-${field}`} role="group" aria-label={labels.field(type, field)}>
            <Typography variant="subtitle2" component="span">{labels.field(type, field)}</Typography>
            <Side label={translate('live.theirs')} action={translate('live.use_theirs')} onPick={() => onUseTheirs(field)}>
              <LoggedValue entityType={type} field={field} value={theirs} />
            </Side>
            <Side label={translate('live.mine')} action={translate('live.keep_mine')} onPick={() => onKeepMine(field)}>
              <LoggedValue entityType={type} field={field} value={mine} />
            </Side>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
};
