import { fetchUtils, HttpError } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { toPermissionError } from './apiRequest';

/** The stock ra-data-simple-rest client with cookies, and the seed's 403 rule. */
async function httpClient(url: string, options: fetchUtils.Options = {}) {
  try {
    return await fetchUtils.fetchJson(url, { ...options, credentials: 'include' });
  } catch (error) {
    if (error instanceof HttpError) {
      const denied = toPermissionError(error.status, error.message, error.body);
      if (denied) throw Object.assign(new HttpError(denied.message, 403, error.body), { permission: true });
    }
    throw error;
  }
}

export const dataProvider = simpleRestProvider('/api', httpClient);
