import {
  Box, Checkbox, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import { Fragment } from 'react';
import { useTranslate } from 'react-admin';
import type { PageKey } from '@kernel/permissions/pageKeys';
import { FIELD_GROUPS, type FieldGroup } from '@kernel/permissions/fieldGroups';
import type { Role } from '@kernel/users/roles';
import { ADMIN_ONLY_PAGE, type Draft, type EditableRole, type MatrixPages, type PageRow } from './permissionDraft';

interface RoleMatrixProps {
  pages: MatrixPages;
  saved: Draft;
  draft: Draft;
  onToggle: (role: EditableRole, page: PageKey) => void;
  onToggleSecondFactor: (role: Role) => void;
  onToggleFieldGroup: (role: EditableRole, group: FieldGroup) => void;
}

const PageName = ({ row, name }: { row: PageRow; name: MatrixPages['name'] }) => {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2" component="span">{name(row.pageKey, translate)}</Typography>
      <Typography variant="caption" component="span" color="text.secondary" sx={{ ml: 1, fontFamily: 'monospace' }}>
        {row.pageKey}
      </Typography>
    </>
  );
};

/** A cell whose value differs from the saved one is tinted, so the admin sees what Save will change. */
const changedCell = { bgcolor: 'action.selected' };

/**
 * Pages down, roles across: each role's default pages. Administrators hold every page and the
 * permissions page is theirs alone, so those cells are shown but cannot change.
 */
export const RoleMatrix = ({ pages, saved, draft, onToggle, onToggleSecondFactor, onToggleFieldGroup }: RoleMatrixProps) => {
  const translate = useTranslate();
  const roles = Object.keys(draft.roles) as EditableRole[];
  // The checkbox's accessible name: the role and the page as the table heads show them.
  const boxLabel = (role: string, page: PageKey) =>
    translate('permissions.matrix.checkbox', { role: translate(`roles.${role}`), page: pages.name(page, translate) });
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="role-matrix">
        <TableHead>
          <TableRow>
            <TableCell>{translate('permissions.matrix.page')}</TableCell>
            {['admin', ...roles].map((role) => (
              <TableCell key={role} align="center" sx={{ whiteSpace: 'nowrap', px: 1, width: 100 }}>{translate(`roles.${role}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {/* Who must sign in with a second factor (DESIGN §16): a row of its own, administrators' box too. */}
          <TableRow data-testid="second-factor-row">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={translate('second_factor.required_help')}>
                <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>{translate('second_factor.required_column')}</Typography>
              </Tooltip>
            </TableCell>
            {(['admin', ...roles] as Role[]).map((role) => {
              const checked = draft.secondFactorRoles.includes(role);
              return (
                <TableCell key={role} align="center" padding="checkbox"
                  sx={checked !== saved.secondFactorRoles.includes(role) ? changedCell : undefined}>
                  <Checkbox checked={checked} size="small" onChange={() => onToggleSecondFactor(role)}
                    slotProps={{ input: { 'aria-label': translate('permissions.matrix.checkbox', { role: translate(`roles.${role}`),
                      page: translate('second_factor.required_column') }),
                    // @ts-expect-error data attributes are valid on the input element
                    'data-testid': `second-factor-${role}` } }} />
                </TableCell>
              );
            })}
          </TableRow>
          {/* The prices each role sees (field groups, DESIGN §16): administrators all, by rule. */}
          {FIELD_GROUPS.map((group) => (
            <TableRow key={group} data-testid={`field-group-row-${group}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={translate('permissions.field_groups.help')}>
                  <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
                    {translate(`permissions.field_groups.${group}`)}
                  </Typography>
                </Tooltip>
              </TableCell>
              <TableCell align="center" padding="checkbox">
                <Checkbox checked disabled size="small" slotProps={{ input: { 'aria-label': translate('permissions.matrix.checkbox',
                  { role: translate('roles.admin'), page: translate(`permissions.field_groups.${group}`) }) } }} />
              </TableCell>
              {roles.map((role) => {
                const checked = draft.fieldGroups[role].includes(group);
                return (
                  <TableCell key={role} align="center" padding="checkbox"
                    sx={checked !== saved.fieldGroups[role].includes(group) ? changedCell : undefined}>
                    <Checkbox checked={checked} size="small" onChange={() => onToggleFieldGroup(role, group)}
                      slotProps={{ input: { 'aria-label': translate('permissions.matrix.checkbox', { role: translate(`roles.${role}`),
                        page: translate(`permissions.field_groups.${group}`) }),
                      // @ts-expect-error data attributes are valid on the input element
                      'data-testid': `field-group-${role}-${group}` } }} />
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
          {pages.groups.map((group, index) => (
            <Fragment key={group.label ?? index}>
              {group.label && (
                <TableRow>
                  <TableCell colSpan={roles.length + 2} sx={{ bgcolor: 'action.hover', py: 0.5 }}>
                    <Typography variant="overline" color="text.secondary">{translate(group.label)}</Typography>
                  </TableCell>
                </TableRow>
              )}
              {group.rows.map((row) => (
                <TableRow key={row.pageKey} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}><PageName row={row} name={pages.name} /></TableCell>
                  <TableCell align="center" padding="checkbox">
                    <Checkbox checked disabled size="small" slotProps={{ input: { 'aria-label': boxLabel('admin', row.pageKey) } }} />
                  </TableCell>
                  {roles.map((role) => {
                    const checked = draft.roles[role].includes(row.pageKey);
                    const changed = checked !== saved.roles[role].includes(row.pageKey);
                    const adminOnly = row.pageKey === ADMIN_ONLY_PAGE;
                    const box = (
                      <Checkbox checked={checked} disabled={adminOnly} size="small" onChange={() => onToggle(role, row.pageKey)}
                        slotProps={{ input: { 'aria-label': boxLabel(role, row.pageKey),
                          // @ts-expect-error data attributes are valid on the input element
                          'data-testid': `matrix-${role}-${row.pageKey}` } }} />
                    );
                    return (
                      <TableCell key={role} align="center" padding="checkbox" sx={changed ? changedCell : undefined}>
                        {adminOnly ? <Tooltip title={translate('permissions.admin_only')}><Box component="span">{box}</Box></Tooltip> : box}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
