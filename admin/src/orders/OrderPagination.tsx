import { Pagination, useListContext, useTranslate } from 'react-admin';

/** The list's pagination; a total the server only estimated (X-Total-Estimated) reads "about N". */
export const OrderPagination = () => {
  const { meta } = useListContext();
  const translate = useTranslate();
  const estimated = (meta as { totalEstimated?: boolean } | undefined)?.totalEstimated === true;
  return (
    <Pagination rowsPerPageOptions={[10, 25, 50, 100]} {...(estimated ? {
      labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
        translate('orders.list.range_estimated', { from, to, total: count.toLocaleString() }),
    } : {})} />
  );
};
