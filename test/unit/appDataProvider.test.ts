import { HttpError } from 'react-admin';
import { onPermissionDenied } from '../../admin/src/providers/permissionNotice';
import { dataProvider } from '../../admin/src/providers/dataProvider';

/** The admin's custom data provider methods: the URLs and bodies they send, and the one error they fail with. */

const calls: Array<{ url: string; init: RequestInit }> = [];
let answer: () => Response;

// The files of a worker share its globals (jest.config.ts): the real fetch goes back after this file.
const realFetch = global.fetch;
afterAll(() => { global.fetch = realFetch; });
beforeEach(() => {
  calls.length = 0;
  answer = () => new Response('{}', { status: 200 });
  global.fetch = jest.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    return answer();
  }) as typeof fetch;
});

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const header = (name: string) => new Headers(calls[0].init.headers).get(name);

describe('the custom methods', () => {
  it('send JSON with the cookie, and answer the parsed body', async () => {
    answer = json(200, { id: 7, status: 'completed' });
    await expect(dataProvider.transitionOrder(7, { to: 'completed', note: 'ok' })).resolves.toEqual({ id: 7, status: 'completed' });
    expect(calls[0].url).toBe('/api/orders/7/transitions');
    expect(calls[0].init).toMatchObject({ method: 'POST', credentials: 'include', body: JSON.stringify({ to: 'completed', note: 'ok' }) });
    expect(header('Content-Type')).toBe('application/json');
  });

  it('send no body, and no Content-Type, when there is no data', async () => {
    answer = json(200, { sessionsEnded: 2 });
    await expect(dataProvider.signOutEverywhere(3)).resolves.toEqual({ sessionsEnded: 2 });
    expect(calls[0]).toMatchObject({ url: '/api/users/3/sign-out-everywhere', init: { method: 'POST' } });
    expect(calls[0].init.body).toBeUndefined();
    expect(header('Content-Type')).toBeNull();
  });

  it('upload a file as multipart, leaving the Content-Type to the browser', async () => {
    answer = json(201, { id: 1, fileName: 'pod.pdf' });
    await dataProvider.uploadAttachment(5, 'pod', new File(['%PDF'], 'pod.pdf', { type: 'application/pdf' }));
    expect(calls[0].url).toBe('/api/orders/5/attachments');
    const form = calls[0].init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('kind')).toBe('pod');
    expect((form.get('file') as File).name).toBe('pod.pdf');
    expect(header('Content-Type')).toBeNull();
  });

  it('build the trash and batch URLs as the server reads them', async () => {
    await dataProvider.restoreFromTrash('vehicle_type', [12, 13], 'an-action');
    await dataProvider.purgeFromTrash('supplier:7');
    await dataProvider.batchCompletionDate([1, 2], new Date('2030-06-01T12:00:00Z'));
    expect(calls.map(({ url, init }) => `${init.method} ${url}`)).toEqual([
      'POST /api/trash/restore', 'DELETE /api/trash/supplier/7', 'POST /api/orders/batch-completion-date',
    ]);
    expect(JSON.parse(calls[0].init.body as string)).toEqual({ type: 'vehicle_type', ids: [12, 13] });
    expect(new Headers(calls[0].init.headers).get('X-Action-Id')).toBe('an-action');
    expect(JSON.parse(calls[2].init.body as string)).toEqual({ ids: [1, 2], completionDate: '2030-06-01T12:00:00.000Z' });
  });

  it('answer no current user, not an error, when nobody is signed in', async () => {
    answer = json(401, { code: 'not_signed_in', message: 'Not signed in' });
    await expect(dataProvider.currentUser()).resolves.toBeNull();
    answer = json(500, {});
    await expect(dataProvider.currentUser()).rejects.toMatchObject({ status: 500 });
  });

  it('ask for a translation catalog past the browser cache', async () => {
    answer = json(200, { menu: { orders: 'Orders' } });
    await expect(dataProvider.translationCatalog('en')).resolves.toEqual({ menu: { orders: 'Orders' } });
    expect(calls[0]).toMatchObject({ url: '/api/translations/catalog/en', init: { cache: 'no-cache', credentials: 'include' } });
  });

  it('download a CSV as the bytes the server sent', async () => {
    answer = () => new Response('\uFEFFa,b\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
    const file = await dataProvider.reportCsv('/api/reports/area-revenue?format=csv&lang=en');
    expect([...new Uint8Array(await file.arrayBuffer())].slice(0, 3)).toEqual([0xEF, 0xBB, 0xBF]);
    expect(calls[0].init).toMatchObject({ credentials: 'include' });
  });
});

describe('a failed call', () => {
  it('is the localized HttpError with the status and the body as sent, for JSON calls and downloads alike', async () => {
    const body = { code: 'version_conflict', message: 'Stale version' };
    for (const attempt of [() => dataProvider.writePermissions({ version: 'x' }), () => dataProvider.reportCsv('/api/x')]) {
      answer = json(409, body);
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 409, body, message: 'errors.version_conflict' });
      expect((error as { permission?: boolean }).permission).toBeUndefined();
    }
  });

  it('is flagged as a refused permission, and the global notice is told', async () => {
    const told = jest.fn();
    const unregister = onPermissionDenied(told);
    answer = json(403, { code: 'role_denied', message: 'Access denied' });
    const error = await dataProvider.readPermissions().catch((e: unknown) => e);
    unregister();
    expect(error).toMatchObject({ status: 403, permission: true });
    expect(told).toHaveBeenCalledTimes(1);
  });

  it('without an answer has status 0', async () => {
    global.fetch = jest.fn(async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch;
    await expect(dataProvider.delayCounts()).rejects.toMatchObject({ status: 0, message: 'errors.status.network' });
    await expect(dataProvider.reportCsv('/api/x')).rejects.toMatchObject({ status: 0, message: 'errors.status.network' });
  });
});
