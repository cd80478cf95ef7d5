import { fetchUtils, HttpError, type DataProvider, type GetListParams, type RaRecord } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { toPermissionError } from './apiRequest';
import { errorMessage } from './errorMessages';
import { translateNow } from './i18nProvider';

/**
 * The stock ra-data-simple-rest client with cookies, and the rules of
 * docs/error-codes.md#how-the-admin-treats-them: react-admin notifies a failed call by the error's
 * `message`, so that becomes the code's text in the person's language (the body stays as sent);
 * a refused permission is flagged, the global notice having said so already.
 */
async function httpClient(url: string, options: fetchUtils.Options = {}) {
  try {
    return await fetchUtils.fetchJson(url, { ...options, credentials: 'include' });
  } catch (error) {
    const status = error instanceof HttpError ? error.status : 0;
    const body: unknown = error instanceof HttpError ? error.body : null;
    const { key, args } = errorMessage({ status, body });
    const localized = new HttpError(translateNow(key, args), status, body);
    throw toPermissionError(status, body) ? Object.assign(localized, { permission: true }) : localized;
  }
}

/** The server's page limit (docs/api-conventions.md#list-parameters). */
export const MAX_PAGE_SIZE = 500;

const stock = simpleRestProvider('/api', httpClient);

/**
 * The stock getList, plus `meta.totalEstimated` when the server flags its total as the planner's
 * estimate (`X-Total-Estimated`, big tables such as orders): the pagination then says "about".
 */
async function getPage<RecordType extends RaRecord>(resource: string, params: GetListParams) {
  let totalEstimated = false;
  const reading = simpleRestProvider('/api', async (url: string, options?: fetchUtils.Options) => {
    const answer = await httpClient(url, options);
    totalEstimated = answer.headers.get('X-Total-Estimated') === 'true';
    return answer;
  });
  const page = await reading.getList<RecordType>(resource, params);
  return totalEstimated ? { ...page, meta: { ...page.meta, totalEstimated } } : page;
}

/**
 * The stock client, except that a first page larger than the server serves (react-admin's CSV
 * export asks for 1000 rows) is fetched as consecutive pages of 500 and joined.
 */
export const dataProvider: DataProvider = {
  ...stock,
  async getList<RecordType extends RaRecord = RaRecord>(resource: string, params: GetListParams) {
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    if (perPage <= MAX_PAGE_SIZE || page !== 1) return getPage<RecordType>(resource, params);
    const rows: RecordType[] = [];
    let total: number | undefined;
    for (let chunk = 1; rows.length < perPage; chunk += 1) {
      const answer = await stock.getList<RecordType>(resource,
        { ...params, pagination: { page: chunk, perPage: MAX_PAGE_SIZE } });
      rows.push(...answer.data);
      total = answer.total;
      if (answer.data.length < MAX_PAGE_SIZE) break;
    }
    return { data: rows.slice(0, perPage), total };
  },
};
