import { Alert, Button } from '@mui/material';
import type { ReactElement } from 'react';
import { Pagination, useListContext, useTranslate } from 'react-admin';
import { describeError } from '../providers/errorMessages';

/**
 * What a list shows when its records could not be read: that it could not, why (with the server
 * error's reference), and a button to try again; not "No … found" and a page count, as if the
 * list were empty.
 */
export const ListLoadError = () => {
  const { error, refetch } = useListContext();
  const translate = useTranslate();
  return (
    <Alert severity="error" data-testid="list-load-error" sx={{ m: 2 }}
      action={<Button color="inherit" size="small" onClick={() => refetch()}>{translate('errors.try_again')}</Button>}>
      {translate('errors.list_not_loaded', { reason: describeError(translate, error) })}
    </Alert>
  );
};

/** A list's pagination (react-admin's unless given), left out while the list could not be read. */
export const ListPagination = ({ pagination = <Pagination /> }: { pagination?: ReactElement }) =>
  (useListContext().error ? null : pagination);

/** Every list's failed-read state: `<List {...LIST_LOAD_ERROR}>`. */
export const LIST_LOAD_ERROR = { error: <ListLoadError />, pagination: <ListPagination /> };
