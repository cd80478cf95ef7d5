import DeleteIcon from '@mui/icons-material/Delete';
import {
  Autocomplete, Chip, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import { useGetList, useTranslate, type RaRecord } from 'react-admin';
import type { PageKey } from '@kernel/permissions/pageKeys';
import { ADMIN_ONLY_PAGE, type Draft, type MatrixPages, type UserOverrides } from './permissionDraft';
import { personName } from '@kernel/users/personName';

interface PageListProps {
  pages: MatrixPages;
  user: UserOverrides;
  list: 'grants' | 'denials';
  onChange: (pages: PageKey[]) => void;
}

/** The pages granted to (or denied) a user; a page cannot be in both lists. */
const PageList = ({ pages, user, list, onChange }: PageListProps) => {
  const translate = useTranslate();
  const other = list === 'grants' ? user.denials : user.grants;
  const label = (page: PageKey) => pages.name(page, translate);
  const grantable = pages.order.filter((page) => page !== ADMIN_ONLY_PAGE && !other.includes(page));
  return (
    <Autocomplete multiple size="small" options={grantable}
      value={user[list]} onChange={(_event, chosen) => onChange(chosen)} getOptionLabel={label} disableCloseOnSelect
      renderValue={(chosen, getItemProps) => chosen.map((page, index) => {
        const { key, ...props } = getItemProps({ index });
        return <Chip key={key} size="small" color={list === 'grants' ? 'success' : 'error'} label={label(page)} {...props} />;
      })}
      renderInput={(params) => (
        <TextField {...params} placeholder={translate(`permissions.users.add_${list}`)}
          slotProps={{ ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `${list}-${user.username}`,
              'aria-label': translate('permissions.users.list_label',
                { list: translate(`permissions.users.${list}`), user: user.name || user.username }) } }} />
      )}
      sx={{ minWidth: 260 }} />
  );
};

interface UserOverridesTableProps {
  pages: MatrixPages;
  draft: Draft;
  onPages: (userId: number, list: 'grants' | 'denials', pages: PageKey[]) => void;
  onAdd: (user: Omit<UserOverrides, 'grants' | 'denials'>) => void;
  onRemove: (userId: number) => void;
}

const fullName = (user: RaRecord) => personName(user);

/** Per-user exceptions to the role defaults: pages granted beyond them and pages denied from them. */
export const UserOverridesTable = ({ pages, draft, onPages, onAdd, onRemove }: UserOverridesTableProps) => {
  const translate = useTranslate();
  // Administrators hold every page whatever is granted or denied: nothing to add for them.
  const { data: candidates = [] } = useGetList('user-options',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'username', order: 'ASC' }, filter: {} });
  const listed = new Set(draft.users.map((u) => u.userId));
  const addable = candidates.filter((u) => u.role !== 'admin' && !listed.has(u.id as number));
  return (
    <Stack spacing={2}>
      {draft.users.length === 0 ? (
        <Typography variant="body2" color="text.secondary">{translate('permissions.users.none')}</Typography>
      ) : (
        <Table size="small" data-testid="user-overrides">
          <TableHead>
            <TableRow>
              <TableCell>{translate('permissions.users.user')}</TableCell>
              <TableCell>{translate('permissions.users.grants')}</TableCell>
              <TableCell>{translate('permissions.users.denials')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {draft.users.map((user) => (
              <TableRow key={user.userId} sx={{ '& td': { verticalAlign: 'top' } }}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Typography variant="body2">{user.name || user.username}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {user.username} · {translate(`roles.${user.role}`)}
                  </Typography>
                </TableCell>
                <TableCell sx={{ width: '40%' }}>
                  <PageList pages={pages} user={user} list="grants" onChange={(chosen) => onPages(user.userId, 'grants', chosen)} />
                </TableCell>
                <TableCell sx={{ width: '40%' }}>
                  <PageList pages={pages} user={user} list="denials" onChange={(chosen) => onPages(user.userId, 'denials', chosen)} />
                </TableCell>
                <TableCell padding="checkbox">
                  <Tooltip title={translate('permissions.users.remove')}>
                    <IconButton onClick={() => onRemove(user.userId)} aria-label={translate('permissions.users.remove')}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Autocomplete size="small" options={addable} value={null} sx={{ maxWidth: 420 }}
        getOptionLabel={(user) => `${fullName(user)} (${user.username}) · ${translate(`roles.${user.role}`)}`}
        onChange={(_event, user) => user && onAdd({ userId: user.id as number, username: user.username,
          name: fullName(user), role: user.role })}
        renderInput={(params) => <TextField {...params} label={translate('permissions.users.add')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'add-user' } }} />} />
    </Stack>
  );
};
