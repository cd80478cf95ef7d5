import { Alert, Button } from '@mui/material';
import type { ComponentProps, ReactElement } from 'react';
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

/**
 * react-admin's pagination, except that a total the server only estimated (X-Total-Estimated: the
 * orders, pricing, the activity log and the trash past 10,000 rows) reads "about N".
 */
export const EstimatedPagination = (props: ComponentProps<typeof Pagination>) => {
  const { meta } = useListContext();
  const translate = useTranslate();
  const estimated = (meta as { totalEstimated?: boolean } | undefined)?.totalEstimated === true;
  return (
    <Pagination {...props} {...(estimated ? {
      labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
        translate('orders.list.range_estimated', { from, to, total: count.toLocaleString() }),
    } : {})} />
  );
};

/** A list's pagination (EstimatedPagination unless given), left out while the list could not be read. */
export const ListPagination = ({ pagination = <EstimatedPagination /> }: { pagination?: ReactElement }) =>
  (useListContext().error ? null : pagination);

/** Every list's failed-read state: `<List {...LIST_LOAD_ERROR}>`. */
export const LIST_LOAD_ERROR = { error: <ListLoadError />, pagination: <ListPagination /> };
