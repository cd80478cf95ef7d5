import { EstimatedPagination } from '../common/ListLoadError';

/** The order list's pagination: up to 100 rows a page, "about N" when the server estimated the total. */
export const OrderPagination = () => <EstimatedPagination rowsPerPageOptions={[10, 25, 50, 100]} />;
