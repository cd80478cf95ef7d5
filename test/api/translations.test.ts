import type { DataProvider } from 'ra-core';
import { syncCatalogs } from '../../api/src/translations/catalog';
import type { Role } from '@kernel/users/roles';
import { eventually } from '../helpers/eventually';
import { HttpClient, signedInAs, type Answer } from '../helpers/httpClient';
import { stockDataProvider } from '../helpers/raClient';
import { statementsDuring } from '../helpers/statements';
import { startTestApp, type TestApp } from '../helpers/testApp';

let app: TestApp;
let admin: HttpClient;
let manager: HttpClient;
let ra: DataProvider;
beforeAll(async () => {
  app = await startTestApp();
  [admin, manager] = await Promise.all([signedInAs(app.url, 'admin'), signedInAs(app.url, 'manager')]);
  ra = stockDataProvider(admin);
});
afterAll(() => app?.close());

const ALL = { sort: { field: 'key', order: 'ASC' }, pagination: { page: 1, perPage: 500 } } as const;
const list = (filter: object) => ra.getList('translations', { ...ALL, filter });
const entry = (namespace: string, key: string) => app.db('translations').whereNull('deletedAt').where({ namespace, key }).first();
const importLogs = () => app.db('activityLogs').where({ action: 'import', entityType: 'translation' }).select('changes');
const snapshot = () => app.db('translations').orderBy('id').select('id', 'namespace', 'key', 'zh', 'en', 'description', 'version',
  'deletedAt');
const catalogText = async (locale: 'cn' | 'en', namespace: string, key: string) => {
  const answer = await admin.get(`/api/translations/catalog/${locale}`);
  return key.split('.').reduce((node, segment) => node?.[segment], answer.body[namespace]);
};

describe('translations through the stock ra-data-simple-rest client', () => {
  let id: number;

  it('creates an entry, refuses a duplicate key (409) and a key nested in a text (409)', async () => {
    const { data } = await ra.create('translations', { data: { namespace: 'test_ns', key: 'greeting.hello',
      zh: '你好，%{name}', en: 'Hello, %{name}', description: 'Greets the user' } });
    expect(data).toMatchObject({ namespace: 'test_ns', key: 'greeting.hello', zh: '你好，%{name}', version: 1 });
    id = data.id as number;
    await expect(ra.create('translations', { data: { namespace: 'test_ns', key: 'greeting.hello', zh: '重复' } }))
      .rejects.toMatchObject({ status: 409, body: { errors: { key: 'Already exists' } } });
    await expect(ra.create('translations', { data: { namespace: 'test_ns', key: 'greeting', zh: '组' } }))
      .rejects.toMatchObject({ status: 409, body: { errors: { key: 'Conflicts with test_ns.greeting.hello' } } });
    await expect(ra.create('translations', { data: { namespace: 'test_ns', key: 'greeting.hello.more', zh: '下层' } }))
      .rejects.toMatchObject({ status: 409 });
  });

  it('refuses a bad namespace, key, overlong text and mismatched placeholders with 400 naming the field', async () => {
    const bad = [
      [{ namespace: 'Test-NS', key: 'a' }, 'namespace'],
      [{ namespace: 'test_ns', key: 'a..b' }, 'key'],
      [{ namespace: 'test_ns', key: 'long', zh: 'x'.repeat(2001) }, 'zh'],
      [{ namespace: 'test_ns', key: 'ph', zh: '%{count} 条', en: '%{total} rows' }, 'en'],
    ] as const;
    for (const [data, field] of bad) {
      const answer = await admin.post('/api/translations', data);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.errors)).toEqual([field]);
    }
    expect(await entry('test_ns', 'long')).toBeUndefined();
  });

  it('lists with the namespace, missing-language and q filters, sorted by namespace, key and updatedAt', async () => {
    await ra.create('translations', { data: { namespace: 'test_ns', key: 'only_zh', zh: '只有中文' } });
    await ra.create('translations', { data: { namespace: 'test_ns', key: 'only_en', en: 'English only' } });
    const ns = await list({ namespace: 'test_ns' });
    expect(ns.data.map((row) => row.key)).toEqual(['greeting.hello', 'only_en', 'only_zh']);
    expect((await list({ namespace: 'test_ns', missing: 'en' })).data.map((row) => row.key)).toEqual(['only_zh']);
    expect((await list({ namespace: 'test_ns', missing: 'zh' })).data.map((row) => row.key)).toEqual(['only_en']);
    expect((await list({ q: 'test_ns.greeting' })).data.map((row) => row.id)).toEqual([id]);
    expect((await list({ q: 'GREETS THE' })).data.map((row) => row.id)).toEqual([id]);
    expect((await list({ q: '只有中' })).data.map((row) => row.key)).toEqual(['only_zh']);
    expect((await list({ q: 'app.subtitle', namespace: 'app' })).data.map((row) => `${row.namespace}.${row.key}`))
      .toEqual(['app.subtitle']);
    const namespaces: string[] = (await admin.get('/api/translations/namespaces')).body;
    expect(namespaces).toEqual(expect.arrayContaining(['app', 'ra', 'test_ns']));
    const byNamespace = await ra.getList('translations', { sort: { field: 'namespace', order: 'DESC' },
      pagination: { page: 1, perPage: 5 }, filter: {} });
    expect(byNamespace.total).toBeGreaterThan(500);
    expect(byNamespace.data[0].namespace).toBe(namespaces[namespaces.length - 1]);
    const recent = await ra.getList('translations', { sort: { field: 'updatedAt', order: 'DESC' },
      pagination: { page: 1, perPage: 1 }, filter: {} });
    expect(recent.data[0].key).toBe('only_en');
  });

  it('refuses an unknown missing value and an unsortable field with 400', async () => {
    expect((await admin.get(`/api/translations?filter=${encodeURIComponent('{"missing":"fr"}')}`)).status).toBe(400);
    expect((await admin.get(`/api/translations?sort=${encodeURIComponent('["zh","ASC"]')}`)).status).toBe(400);
  });

  it('updates zh/en/description with the version check; namespace and key stay fixed', async () => {
    const { data: current } = await ra.getOne('translations', { id });
    const { data: updated } = await ra.update('translations', { id, previousData: current,
      data: { ...current, en: 'Hi, %{name}', description: null } });
    expect(updated).toMatchObject({ en: 'Hi, %{name}', description: null, version: 2 });
    await expect(ra.update('translations', { id, previousData: current, data: { ...current, en: 'Stale' } }))
      .rejects.toMatchObject({ status: 409 });
    const renamed = await admin.put(`/api/translations/${id}`, { key: 'other' });
    expect(renamed.status).toBe(400);
    expect(renamed.body.errors).toEqual({ key: 'Read-only' });
    const mismatch = await admin.put(`/api/translations/${id}`, { zh: '你好' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual({ zh: 'Placeholders must match the other language' });
    const cleared = await admin.put(`/api/translations/${id}`, { zh: null, en: '' });
    expect(cleared.body).toMatchObject({ zh: '', en: '', version: 3 });
  });

  it('deletes softly into the trash as type "translation"', async () => {
    const { data } = await ra.delete('translations', { id, previousData: { id } });
    expect(data.id).toBe(id);
    await expect(ra.getOne('translations', { id })).rejects.toMatchObject({ status: 404 });
    const trash = await admin.get(`/api/trash?filter=${encodeURIComponent(JSON.stringify({ id: [`translation:${id}`] }))}`);
    expect(trash.body).toEqual([expect.objectContaining({ type: 'translation', entityId: id, name: 'greeting.hello' })]);
  });
});

describe('who may write', () => {
  const readers: Role[] = ['director', 'team_leader', 'biller', 'regional_dispatcher'];

  it.each(readers)('lets %s read but refuses its writes and imports with 403', async (role) => {
    const client = await signedInAs(app.url, role);
    const page = await client.get('/api/translations?range=[0,4]');
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(5);
    const target = await entry('app', 'subtitle');
    expect((await client.get(`/api/translations/${target.id}`)).status).toBe(200);
    expect((await client.get('/api/translations/namespaces')).status).toBe(200);
    const refused = [
      await client.post('/api/translations', { namespace: 'test_ns', key: `by_${role}`, zh: '不行' }),
      await client.put(`/api/translations/${target.id}`, { zh: '不行' }),
      await client.delete(`/api/translations/${target.id}`),
      await client.post('/api/translations/import', { rows: [{ namespace: 'app', key: 'subtitle', zh: '不行' }], dryRun: true }),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toMatch(/^Access denied/);
    }
    expect(await entry('app', 'subtitle')).toMatchObject({ zh: target.zh, version: target.version });
  });

  it('refuses an anonymous reader with 401, but serves the public catalog', async () => {
    const anonymous = new HttpClient(app.url);
    expect((await anonymous.get('/api/translations')).status).toBe(401);
    expect((await anonymous.get('/api/translations/catalog/cn')).status).toBe(200);
  });

  it('lets a manager save, and the public catalog shows the edit at once', async () => {
    const target = await entry('app', 'subtitle');
    const saved = await manager.put(`/api/translations/${target.id}`, { zh: '经理改过的副标题', version: target.version });
    expect(saved.status).toBe(200);
    const catalog = await admin.get('/api/translations/catalog/cn');
    expect(catalog.headers.get('cache-control')).toBe('no-cache');
    expect(catalog.body.app.subtitle).toBe('经理改过的副标题');
    expect(await catalogText('en', 'app', 'subtitle')).toBe(target.en);
  });
});

describe('the catalog sync at start', () => {
  it('keeps edited texts, keeps deleted entries deleted, and adds only what is missing', async () => {
    const edited = await entry('app', 'subtitle');
    expect(edited.version).toBeGreaterThan(1);
    const title = await entry('app', 'title');
    await admin.delete(`/api/translations/${title.id}`);
    const loading = await entry('app', 'loading');
    await app.db('translations').where({ id: loading.id }).delete(); // purged
    const pristine = await entry('menu', 'orders');
    await app.db('translations').where({ id: pristine.id }).update({ zh: '旧版本的文字' }); // an older release's text

    expect(await syncCatalogs(app.db)).toEqual({ added: 1, updated: 1 });
    expect((await entry('app', 'subtitle')).zh).toBe(edited.zh);
    expect(await entry('app', 'title')).toBeUndefined();
    expect((await entry('app', 'loading')).zh).toBe('加载中...');
    expect((await entry('menu', 'orders')).zh).toBe(pristine.zh);
    expect(await syncCatalogs(app.db)).toEqual({ added: 0, updated: 0 });
    await admin.post(`/api/trash/translation/${title.id}/restore`);
  });
});

describe('import', () => {
  const importRows = (client: HttpClient, rows: unknown[], dryRun: boolean) =>
    client.post('/api/translations/import', { rows, dryRun });

  it('previews what it would add and change, and writes nothing', async () => {
    const before = await snapshot();
    const logs = (await importLogs()).length;
    const subtitle = await entry('app', 'subtitle');
    const answer = await importRows(admin, [
      { namespace: 'app', key: 'subtitle', zh: '导入的副标题', en: 'Imported subtitle' },
      { namespace: 'app', key: 'loading', zh: '加载中...' },
      { namespace: 'import_ns', key: 'fresh.text', zh: '新的 %{n}', en: 'New %{n}', description: 'from a file' },
      { namespace: 'app', key: 'version', en: '' },
    ], true);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      added: [{ namespace: 'import_ns', key: 'fresh.text', zh: '新的 %{n}', en: 'New %{n}', description: 'from a file' }],
      changed: [{ namespace: 'app', key: 'subtitle', before: { zh: subtitle.zh, en: subtitle.en, description: null },
        after: { zh: '导入的副标题', en: 'Imported subtitle', description: null } }],
      unchanged: 2,
      errors: [],
    });
    expect(await snapshot()).toEqual(before);
    expect(await importLogs()).toHaveLength(logs);
  });

  it('names each bad row and field, and an apply with any bad row writes nothing (400)', async () => {
    const rows = [
      { namespace: 'app', key: 'subtitle', zh: '不该写入' },
      { namespace: 'Bad NS', key: 'x', zh: '坏' },
      { namespace: 'import_ns', key: 'ph', zh: '%{a} 个', en: '%{b} items' },
      { namespace: 'app', key: 'subtitle', en: 'twice' },
      { namespace: 'import_ns', key: 'long', en: 'x'.repeat(2001), colour: 'red' },
      { namespace: 'app', key: 'subtitle.short', zh: '组' },
      'not a row',
    ];
    const preview = await importRows(admin, rows, true);
    expect(preview.status).toBe(200);
    expect(preview.body.errors).toEqual([
      { row: 1, field: 'namespace', code: 'invalid_format', message: 'Invalid format' },
      { row: 2, field: 'en', code: 'placeholder_mismatch', message: 'Placeholders must match the other language' },
      { row: 3, field: 'key', code: 'duplicate', message: 'Duplicate: the same namespace and key as row index 0', params: { row: 1 } },
      { row: 4, field: 'en', code: 'too_long', message: 'At most 2000 characters', params: { max: 2000 } },
      { row: 4, field: 'colour', code: 'unknown_field', message: 'Unknown field' },
      { row: 5, field: 'key', code: 'conflicts_with', message: 'Conflicts with app.subtitle', params: { other: 'app.subtitle' } },
      { row: 6, field: 'row', code: 'invalid_format', message: 'Invalid format' },
    ]);
    const before = await snapshot();
    const applied = await importRows(admin, rows, false);
    expect(applied.status).toBe(400);
    expect(applied.body).toMatchObject({
      code: 'import_invalid',
      params: { rows: 6 },
      errors: { 'rows.1.namespace': 'Invalid format', 'rows.5.key': 'Conflicts with app.subtitle' },
      fields: { 'rows.1.namespace': { code: 'invalid_format' }, 'rows.5.key': { code: 'conflicts_with', params: { other: 'app.subtitle' } } },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body without rows, with too many rows or without dryRun', async () => {
    expect((await importRows(admin, [], true)).status).toBe(400);
    const tooMany = Array.from({ length: 5001 }, (_, n) => ({ namespace: 'bulk', key: `k${n}`, zh: '字' }));
    expect((await importRows(admin, tooMany, true)).body.errors).toEqual({ rows: 'At most 5000 rows' });
    expect((await admin.post('/api/translations/import', { rows: [{ namespace: 'a', key: 'b' }] })).body.errors)
      .toEqual({ dryRun: 'This field is required' });
  });

  it('applies all rows in one transaction and logs the import once', async () => {
    const logs = (await importLogs()).length;
    const rows = [
      { namespace: 'app', key: 'subtitle', zh: '导入的副标题', en: 'Imported subtitle' },
      { namespace: 'import_ns', key: 'fresh.text', zh: '新的 %{n}', en: 'New %{n}' },
      ...Array.from({ length: 600 }, (_, n) => ({ namespace: 'bulk', key: `k${n}`, zh: `字 ${n}` })),
    ];
    const answer = await importRows(manager, rows, false);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ unchanged: 0, errors: [] });
    expect(answer.body.added).toHaveLength(601);
    expect(answer.body.changed).toHaveLength(1);
    expect(await entry('app', 'subtitle')).toMatchObject({ zh: '导入的副标题', en: 'Imported subtitle' });
    expect(await catalogText('en', 'app', 'subtitle')).toBe('Imported subtitle');
    expect(await catalogText('cn', 'import_ns', 'fresh.text')).toBe('新的 %{n}');
    expect((await list({ namespace: 'bulk' })).total).toBe(600);
    const newLogs = (await importLogs()).slice(logs);
    expect(newLogs).toHaveLength(1);
    expect(newLogs[0].changes).toMatchObject({ added: 601, changed: 1, unchanged: 0 });

    const again = await importRows(manager, rows.slice(0, 2), false);
    expect(again.body).toMatchObject({ added: [], changed: [], unchanged: 2 });
    expect(await importLogs()).toHaveLength(logs + 1);
  });
});

describe('the public catalog, served from memory', () => {
  const path = '/api/translations/catalog/en';
  // As a browser revalidates: fetch() given If-None-Match alone would add Cache-Control: no-cache
  // (a forced reload), which rightly gets the whole catalog.
  const fetchCatalog = (etag?: string) => new HttpClient(app.url).request('GET', path, undefined,
    etag ? { 'if-none-match': etag, 'cache-control': 'max-age=0' } : {});
  const text = (answer: Answer, namespace: string, key: string) =>
    key.split('.').reduce((node, segment) => node?.[segment], answer.body[namespace]);

  /** The statements that read a whole catalog from the table, while `run` runs. */
  async function catalogReads(run: () => Promise<unknown>): Promise<number> {
    return (await statementsDuring(app.db, run))
      .filter((sql) => /select "namespace", "key", "(zh|en)" from "translations"/.test(sql)).length;
  }

  it('reads the table once, then answers from memory with the same ETag', async () => {
    const first = await fetchCatalog();
    expect(first.headers.get('etag')).toMatch(/^W\/".+"$/);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    const answers: Answer[] = [];
    expect(await catalogReads(async () => {
      for (let n = 0; n < 5; n += 1) answers.push(await fetchCatalog());
    })).toBe(0);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(answer.body).toEqual(first.body);
    }
  });

  it('answers 304 without a body to the ETag of the current catalog', async () => {
    const { headers } = await fetchCatalog();
    const again = await fetchCatalog(headers.get('etag')!);
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect((await fetchCatalog('W/"something-else"')).status).toBe(200);
  });

  it('shows each change made through the API at once, under a new ETag', async () => {
    let current = await fetchCatalog();
    /** Runs a change, then expects the catalog to differ from the one before, as `check` says. */
    const after = async (change: () => Promise<Answer>, check: (catalog: Answer) => void): Promise<Answer> => {
      const answer = await change();
      expect(answer.status).toBeLessThan(300);
      const next = await fetchCatalog(current.headers.get('etag')!);
      expect(next.status).toBe(200);
      expect(next.headers.get('etag')).not.toBe(current.headers.get('etag'));
      check(next);
      current = next;
      return answer;
    };
    const { body: { id } } = await after(() => manager.post('/api/translations', { namespace: 'cache_ns', key: 'hello', en: 'Hello' }),
      (catalog) => expect(text(catalog, 'cache_ns', 'hello')).toBe('Hello'));
    await after(() => manager.put(`/api/translations/${id}`, { en: 'Hello again' }),
      (catalog) => expect(text(catalog, 'cache_ns', 'hello')).toBe('Hello again'));
    await after(() => manager.delete(`/api/translations/${id}`), (catalog) => expect(catalog.body.cache_ns).toBeUndefined());
    await after(() => admin.post(`/api/trash/translation/${id}/restore`),
      (catalog) => expect(text(catalog, 'cache_ns', 'hello')).toBe('Hello again'));
    await after(() => manager.post('/api/translations/import', { dryRun: false,
      rows: [{ namespace: 'cache_ns', key: 'hello', en: 'Imported hello' }] }),
    (catalog) => expect(text(catalog, 'cache_ns', 'hello')).toBe('Imported hello'));
  });

  it('shows a change made outside this app (another instance on the same database) within a second', async () => {
    const before = await fetchCatalog();
    await app.db('translations').where({ namespace: 'cache_ns', key: 'hello' }).update({ en: 'Written elsewhere' });
    const now = await eventually(async () => {
      const catalog = await fetchCatalog();
      expect(text(catalog, 'cache_ns', 'hello')).toBe('Written elsewhere');
      return catalog;
    });
    expect(now.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });
});
