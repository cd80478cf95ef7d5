import { fetchUtils, type DataProvider } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import type { HttpClient } from './httpClient';

/**
 * The stock ra-data-simple-rest client the admin uses, unchanged, talking to the real API as the
 * user signed in on `client` (Node's fetch keeps no cookies, so they are passed on by hand).
 */
export function stockDataProvider(client: HttpClient): DataProvider {
  return simpleRestProvider(`${client.baseUrl}/api`, (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers as HeadersInit | undefined ?? { Accept: 'application/json' });
    headers.set('cookie', client.cookieHeader);
    return fetchUtils.fetchJson(url, { ...options, headers });
  });
}
