import SaveIcon from '@mui/icons-material/Save';
import UndoIcon from '@mui/icons-material/Undo';
import { Alert, Box, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Confirm, Title, useNotify, useTranslate } from 'react-admin';
import { useErrorText } from '../../common/useServerErrors';
import { PageLoading } from '../../layout/PageLoading';
import { isPermissionError } from '../../providers/permissionNotice';
import { useAppDataProvider } from '../../providers/dataProvider';
import { answerOf } from '../../providers/errorMessages';
import { queryKeys } from '../../providers/queryKeys';
import {
  addUser, changedSubjects, draftOf, removeUser, setUserPages, toggleFieldGroup, toggleRolePage, toggleSecondFactor, useMatrixPages, type Draft,
  type PermissionMatrix,
} from './permissionDraft';
import { RoleMatrix } from './RoleMatrix';
import { UserOverridesTable } from './UserOverridesTable';

/** Edits a copy of the saved matrix; Save sends it with the version it started from. */
const PermissionsEditor = ({ saved }: { saved: PermissionMatrix }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const dataProvider = useAppDataProvider();
  const pages = useMatrixPages();
  const [draft, setDraft] = useState<Draft>(draftOf(saved));
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const changed = changedSubjects(saved, draft);
  const dirty = changed.roles.length + changed.users.length > 0;

  const save = async () => {
    setSaving(true);
    try {
      const matrix = await dataProvider.writePermissions({ roles: draft.roles, users: draft.users,
        secondFactorRoles: draft.secondFactorRoles, fieldGroups: draft.fieldGroups, version: saved.version });
      // The new version remounts the editor on the saved matrix.
      queryClient.setQueryData(queryKeys.permissions(), matrix);
      await queryClient.invalidateQueries({ queryKey: queryKeys.accessiblePages() });
      notify('permissions.notifications.saved', { type: 'success' });
    } catch (error) {
      if (isPermissionError(error)) return;
      if (answerOf(error).status === 409) {
        notify('permissions.errors.conflict', { type: 'error' });
        await queryClient.invalidateQueries({ queryKey: queryKeys.permissions() });
      } else {
        notify('permissions.errors.save_failed', { type: 'error',
          messageArgs: { message: errorText(error) } });
      }
    } finally {
      setSaving(false);
      setConfirming(false);
    }
  };

  return (
    <Stack spacing={2}>
      {/* Above the long matrix, where the page opens: what is pending and the way to save it. */}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Typography variant="body2" color={dirty ? 'warning.main' : 'text.secondary'} sx={{ mr: 1 }}
          data-testid="permissions-status">
          {dirty ? translate('permissions.pending', { roles: changed.roles.length, users: changed.users.length })
            : translate('permissions.no_changes')}
        </Typography>
        {/* Named here too: on a phone react-admin draws a disabled button as a bare icon. */}
        <Button label="permissions.actions.reset" disabled={!dirty || saving} aria-label={translate('permissions.actions.reset')}
          onClick={() => setDraft(draftOf(saved))}><UndoIcon /></Button>
        <Button label="permissions.actions.save" variant="contained" disabled={!dirty || saving}
          aria-label={translate('permissions.actions.save')}
          onClick={() => setConfirming(true)} data-testid="permissions-save"><SaveIcon /></Button>
      </Stack>
      <Card>
        <CardHeader title={translate('permissions.matrix.title')} subheader={translate('permissions.matrix.help')} />
        <CardContent sx={{ pt: 0 }}>
          <RoleMatrix pages={pages} saved={saved} draft={draft}
            onToggle={(role, page) => setDraft((d) => toggleRolePage(d, role, page, pages.order))}
            onToggleSecondFactor={(role) => setDraft((d) => toggleSecondFactor(d, role))}
            onToggleFieldGroup={(role, group) => setDraft((d) => toggleFieldGroup(d, role, group))} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader title={translate('permissions.users.title')} subheader={translate('permissions.users.help')} />
        <CardContent sx={{ pt: 0 }}>
          <UserOverridesTable pages={pages} draft={draft}
            onPages={(userId, list, chosen) => setDraft((d) => setUserPages(d, userId, list, chosen, pages.order))}
            onAdd={(user) => setDraft((d) => addUser(d, user))}
            onRemove={(userId) => setDraft((d) => removeUser(d, userId))} />
        </CardContent>
      </Card>
      <Confirm isOpen={confirming} loading={saving} title="permissions.confirm.title" content="permissions.confirm.body"
        contentTranslateOptions={{ roles: changed.roles.length, users: changed.users.length }}
        confirm="permissions.actions.save" ConfirmIcon={SaveIcon}
        onConfirm={() => void save()} onClose={() => setConfirming(false)} />
    </Stack>
  );
};

/** /permissions: the role × page matrix and the per-user grants and denials (administrators only). */
const PermissionsPage = () => {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { data, isPending, error } = useQuery({ queryKey: queryKeys.permissions(), queryFn: () => dataProvider.readPermissions(), staleTime: 0 });
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('menu.permissions')} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }} data-testid="page-title">{translate('menu.permissions')}</Typography>
      {isPending && <PageLoading />}
      {error && <Alert severity="error">{translate('permissions.errors.load_failed')}</Alert>}
      {data && <PermissionsEditor key={data.version} saved={data} />}
    </Box>
  );
};

export default PermissionsPage;
