import { personName } from '@kernel/users/personName';
import Papa from 'papaparse';
import { bundledCatalogs, type Catalog, type Locale } from '@kernel/i18n/catalogs';
import { readTranslationFile } from '../../admin/src/translations/translationFile';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { createOrderReferences, placeIn, type OrderReferences } from '../helpers/orderReferences';
import { createOrder } from '../helpers/orders';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { useSignedInApp } from '../helpers/testApp';

const { app, admin } = useSignedInApp({ admin: 'admin' });
let refs: OrderReferences;

/** A message of the bundled catalog, which the test database holds unchanged. */
function text(locale: Locale, key: string): string {
  let node: Catalog | string | undefined = bundledCatalogs[locale];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No message ${key}`);
  return node;
}

/** The columns each list screen shows (admin/src/**\/*List.tsx), which its export must head with the same labels. */
const LIST_COLUMNS: Record<string, string[]> = {
  suppliers: ['name', 'shortName', 'contactPerson', 'contactPhone', 'contactEmail', 'website', 'address', 'serviceAreaIds',
    'status', 'updatedAt'],
  warehouses: ['code', 'name', 'address', 'contactPerson', 'contactPhone', 'status', 'updatedAt'],
  'vehicle-types': ['code', 'name', 'capacityTons', 'volumeCbm', 'description', 'status', 'updatedAt'],
  'delivery-areas': ['code', 'name', 'region', 'description', 'status', 'updatedAt'],
  users: ['username', 'name', 'role', 'status', 'email', 'phone', 'lastLoginAt', 'createdAt'],
  'activity-logs': ['at', 'username', 'action', 'entityType', 'entityId', 'ip'],
  trash: ['type', 'name', 'deletedByName', 'deletedAt'],
  translations: ['namespace', 'key', 'zh', 'en', 'description', 'updatedAt'],
  'report-runs': ['runAt', 'runDate', 'kind', 'period', 'orderCount', 'rowCount', 'durationMs'],
};

interface Export {
  status: number;
  bytes: Buffer;
  disposition: string;
  header: string[];
  rows: string[][];
  body: any;
}

async function exportOf(client: HttpClient, resource: string, params: Record<string, string | object> = {}): Promise<Export> {
  const query = new URLSearchParams(Object.entries({ locale: 'cn', tz: 'UTC', ...params })
    .map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]));
  const res = await fetch(`${app.url}/api/${resource}/export.csv?${query}`, { headers: { cookie: client.cookieHeader } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const csv = bytes.toString('utf8');
  const [header = [], ...rows] = res.status === 200
    ? Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data : [];
  let body: unknown;
  try { body = JSON.parse(csv); } catch { body = undefined; }
  return { status: res.status, bytes, disposition: res.headers.get('content-disposition') ?? '', header, rows, body };
}

/** The row whose column `label` (a header) reads `value`, as an object by header. */
function rowWith(file: Export, label: string, value: string): Record<string, string> {
  const at = file.header.indexOf(label);
  const row = file.rows.find((cells) => cells[at] === value);
  if (!row) throw new Error(`No row with ${label} = ${value}`);
  return Object.fromEntries(file.header.map((name, i) => [name, row[i]]));
}

const field = (locale: Locale, resource: string, name: string) => text(locale, `resources.${resource}.fields.${name}`);

beforeAll(async () => {
  refs = await createOrderReferences(app, admin);
  const formula = await admin.create('/api/suppliers', { name: '=HYPERLINK("x")', ...SUPPLIER_CONTACT,
    serviceAreaIds: [refs.ownArea, refs.otherArea], status: 'inactive' });
  // An instant whose day differs between Shanghai (UTC+8) and UTC.
  await app.db('suppliers').where({ id: formula.id }).update({ updatedAt: '2026-11-26T18:30:00.123456Z' });
  const gone = await admin.create('/api/warehouses', { code: 'GONE', name: 'Old depot' });
  await admin.delete(`/api/warehouses/${gone.id}`);
  expect((await admin.post('/api/report-runs')).status).toBe(201);
});

describe('list exports', () => {
  it.each(Object.keys(LIST_COLUMNS))('heads the %s export with its list screen\'s labels in both languages', async (resource) => {
    for (const locale of ['cn', 'en'] as const) {
      const file = await exportOf(admin, resource, { locale });
      expect(file.status).toBe(200);
      expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(file.header).toEqual(LIST_COLUMNS[resource].map((name) => field(locale, resource, name)));
      expect(file.rows.length).toBeGreaterThan(0);
    }
  });

  it('shows a supplier as the screen does: status and areas by name, formulas neutralised, time in the reader\'s zone', async () => {
    const shanghai = await exportOf(admin, 'suppliers', { tz: 'Asia/Shanghai' });
    const supplier = rowWith(shanghai, field('cn', 'suppliers', 'name'), `'=HYPERLINK("x")`);
    expect(supplier[field('cn', 'suppliers', 'status')]).toBe('停用');
    expect(supplier[field('cn', 'suppliers', 'serviceAreaIds')]).toBe('Dispatcher area, Someone else');
    expect(supplier[field('cn', 'suppliers', 'updatedAt')]).toBe('2026年11月27日 02:30');
    const utc = await exportOf(admin, 'suppliers', { tz: 'UTC', locale: 'en' });
    const inEnglish = rowWith(utc, field('en', 'suppliers', 'name'), `'=HYPERLINK("x")`);
    expect(inEnglish).toMatchObject({ Status: 'Inactive', [field('en', 'suppliers', 'updatedAt')]: 'Nov 26, 2026, 6:30 PM' });
    expect(utc.bytes.toString('utf8')).not.toMatch(/\bversion\b|deliveryAreaIds|\bid\b/);
  });

  it('names the file after the list and the time, in the reader\'s language and zone', async () => {
    const cn = await exportOf(admin, 'suppliers', { tz: 'Asia/Shanghai' });
    const name = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(cn.disposition)![1]);
    expect(name).toMatch(/^供应商_\d{4}-\d{2}-\d{2}_\d{4}\.csv$/);
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', hourCycle: 'h23' })
      .format(new Date()));
    expect([hour, (hour + 23) % 24]).toContain(Number(name.slice(15, 17)));
    const en = await exportOf(admin, 'users', { locale: 'en' });
    expect(en.disposition).toMatch(/^attachment; filename="Users_\d{4}-\d{2}-\d{2}_\d{4}\.csv"$/);
  });

  it('translates roles, user statuses, logged actions and record types, and names people', async () => {
    const users = await exportOf(admin, 'users', { filter: { q: 'biller' } });
    expect(users.rows).toHaveLength(1);
    const biller = rowWith(users, field('cn', 'users', 'username'), 'biller');
    expect(biller[field('cn', 'users', 'role')]).toBe(text('cn', 'roles.biller'));
    expect(biller[field('cn', 'users', 'status')]).toBe(text('cn', 'user_statuses.active'));

    const logs = await exportOf(admin, 'activity-logs', { filter: { action: 'delete', entityType: 'warehouse' } });
    expect(logs.rows).toHaveLength(1);
    const adminName = personName(await app.db('users').where({ username: 'admin' }).first());
    expect(rowWith(logs, field('cn', 'activity-logs', 'username'), adminName)).toMatchObject({
      [field('cn', 'activity-logs', 'action')]: text('cn', 'activity_logs.actions.delete'),
      [field('cn', 'activity-logs', 'entityType')]: text('cn', 'entity_types.warehouse'),
      [field('cn', 'activity-logs', 'entityId')]: 'Old depot',
    });

    const trash = await exportOf(admin, 'trash', { locale: 'en' });
    expect(rowWith(trash, 'Name', 'Old depot')).toMatchObject({ Type: text('en', 'entity_types.warehouse'),
      'Deleted by': expect.stringMatching(/\S/) });

    const runs = await exportOf(admin, 'report-runs', { locale: 'en' });
    expect(runs.rows[0][2]).toBe(text('en', 'reports.old.kinds.manual'));
    expect(runs.rows[0][6]).toMatch(/^\d+\.\d s$/);
  });

  it('applies the list\'s filters and sort', async () => {
    await admin.create('/api/suppliers', { name: 'Active carrier', ...SUPPLIER_CONTACT });
    const inactive = await exportOf(admin, 'suppliers', { filter: { status: 'inactive' } });
    expect(inactive.rows.map((row) => row[0])).toEqual([`'=HYPERLINK("x")`]);
    const names = async (order: string) => (await exportOf(admin, 'suppliers', { sort: ['name', order] })).rows.map((row) => row[0]);
    const ascending = await names('ASC');
    expect(ascending.length).toBeGreaterThan(2);
    expect(await names('DESC')).toEqual([...ascending].reverse());
    const areas = await exportOf(admin, 'delivery-areas', { filter: { q: 'OWN' } });
    expect(areas.rows.map((row) => row[0])).toEqual(['OWN']);
    const texts = await exportOf(admin, 'translations', { filter: { namespace: 'roles' } });
    expect(new Set(texts.rows.map((row) => row[0]))).toEqual(new Set(['roles']));
  });

  it('refuses a role without the list\'s page, and keeps a dispatcher to their areas', async () => {
    const teamLeader = await signedInAs(app.url, 'team_leader');
    expect((await exportOf(teamLeader, 'suppliers')).status).toBe(403);
    expect((await exportOf(teamLeader, 'trash')).status).toBe(403);
    const biller = await signedInAs(app.url, 'biller');
    expect((await exportOf(biller, 'users')).status).toBe(403);

    await createOrder(admin, { ...placeIn(refs), mtmNumber: 'SCOPE-OWN' });
    await createOrder(admin, { ...placeIn(refs, refs.otherArea), mtmNumber: 'SCOPE-OTHER' });
    const dispatcher = await signedInAs(app.url, 'regional_dispatcher');
    const theirs = await exportOf(dispatcher, 'orders', { filter: { q: 'SCOPE-' } });
    expect(theirs.rows.map((row) => row[1])).toEqual(['SCOPE-OWN']);

    // Granted the old reports, they see each snapshot's orders counted in their areas only, as on the list.
    await app.db('pagePermissions').insert({ userId: refs.dispatcherId, pageKey: 'old_reports', allowed: true });
    await app.heard();
    expect((await admin.post('/api/report-runs')).status).toBe(201);
    const orderCount = field('cn', 'report-runs', 'orderCount');
    const latestCount = async (client: HttpClient) => {
      const runs = await exportOf(client, 'report-runs');
      return runs.rows[0][runs.header.indexOf(orderCount)];
    };
    expect([await latestCount(dispatcher), await latestCount(admin)]).toEqual(['1', '2']);
  });

  it('answers 400 naming the field for a bad time zone, language or filter', async () => {
    for (const [params, name] of [[{ tz: 'Mars/Olympus' }, 'tz'], [{ locale: 'fr' }, 'locale'],
      [{ filter: { nope: 1 } }, 'nope'], [{ sort: ['version', 'ASC'] }, 'sort']] as const) {
      const file = await exportOf(admin, 'suppliers', params);
      expect(file.status).toBe(400);
      expect(Object.keys(file.body.errors)).toEqual([name]);
    }
  });

  it('has every row of an action the list shows as one entry (grouped)', async () => {
    const actionId = (await admin.post('/api/actions', {})).body.actionId;
    for (const code of ['EXG1', 'EXG2', 'EXG3']) {
      const warehouse = await admin.create('/api/warehouses', { code, name: `Grouped ${code}` });
      expect((await admin.request('DELETE', `/api/warehouses/${warehouse.id}`, undefined, { 'X-Action-Id': actionId })).status).toBe(200);
    }
    const filter = { grouped: true, actionId };
    expect((await admin.get(`/api/activity-logs?filter=${encodeURIComponent(JSON.stringify(filter))}`)).body).toHaveLength(1);
    expect((await exportOf(admin, 'activity-logs', { filter })).rows.map((row) => row[4]).sort()).toEqual(['Grouped EXG1', 'Grouped EXG2', 'Grouped EXG3']);
  });

  it('streams an activity log longer than one read, every row once, in the list\'s order', async () => {
    const ROWS = 6_000;
    // Ties and empty values in the sort column, a read (5000 rows) ending inside a run of ties in
    // both directions: the next read goes on past them by id, and to the empty values after them.
    await app.db.raw(`insert into activity_logs (username, action, entity_type, entity_id, entity_label, at)
      select 'bulk', 'import', case when g % 10 = 0 then null when g % 2 = 1 then 'order' else 'user' end, g::text, 'L' || g,
        timestamptz '2026-01-01' + g * interval '1 second' from generate_series(1, ?) g`, [ROWS]);
    const file = await exportOf(admin, 'activity-logs', { filter: { action: 'import' }, locale: 'en' });
    expect(file.status).toBe(200);
    expect(file.rows).toHaveLength(ROWS);
    expect(file.rows.map((row) => Number(row[4].slice(1)))).toEqual(Array.from({ length: ROWS }, (_, i) => ROWS - i));
    expect(file.rows[0][0]).toBe('Jan 1, 2026, 1:40 AM');
    for (const order of ['asc', 'desc'] as const) {
      const sorted = await exportOf(admin, 'activity-logs', { filter: { action: 'import' }, sort: ['entityType', order.toUpperCase()] });
      const expected = await app.db('activityLogs').where({ action: 'import' }).orderBy('entityType', order).orderBy('id', order)
        .select('entityLabel');
      expect(sorted.rows.map((row) => row[4])).toEqual(expected.map((row) => row.entityLabel));
    }
  });
});

describe('translation export', () => {
  it('is a file the translation import reads back, in either language', async () => {
    await app.db('translations').where({ namespace: 'roles', key: 'biller' }).update({ en: '=Biller' });
    const stored = await app.db('translations').whereNull('deletedAt').where({ namespace: 'roles' }).orderBy('key')
      .select('namespace', 'key', 'zh', 'en');
    for (const locale of ['cn', 'en'] as const) {
      const file = await exportOf(admin, 'translations', { locale, filter: { namespace: 'roles' }, sort: ['key', 'ASC'] });
      expect(file.bytes.toString('utf8')).toContain(`'=Biller`);
      const rows = readTranslationFile('translations.csv', file.bytes.toString('utf8'));
      expect(rows).toEqual(stored.map((entry) => Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== ''))));
    }
  });
});

describe('order export', () => {
  it('leaves a price nobody set empty, as the screen shows "—"', async () => {
    const unpriced = await createOrder(admin, { ...placeIn(refs), mtmNumber: 'PRICE-NONE' });
    const bought = await createOrder(admin, { ...placeIn(refs), mtmNumber: 'PRICE-BUY' });
    await app.db('orders').where({ id: bought.id }).update({ basePurchasePrice: '12.30' });
    expect(unpriced.id).toBeLessThan(bought.id);
    const file = await exportOf(admin, 'orders', { filter: { q: 'PRICE-' }, locale: 'en' });
    const [buy, sale] = [field('en', 'orders', 'mtmBuyPrice'), field('en', 'orders', 'mtmSalePrice')];
    expect(rowWith(file, 'MTM number', 'PRICE-NONE')).toMatchObject({ [buy]: '', [sale]: '' });
    expect(rowWith(file, 'MTM number', 'PRICE-BUY')).toMatchObject({ [buy]: '12.30', [sale]: '' });
  });
});

describe('overview report CSV', () => {
  it('starts with the entity, as the screen does, not an empty period', async () => {
    const res = await admin.get('/api/reports/statistics?granularity=total&dimension=supplier&format=csv&lang=cn');
    expect(res.status).toBe(200);
    const [header] = Papa.parse<string[]>(String(res.body).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(header[0]).toBe(text('cn', 'reports.dimensions.supplier'));
    expect(header).not.toContain(text('cn', 'reports.columns.period'));
    const overall = await admin.get('/api/reports/statistics?granularity=total&dimension=overall&format=csv&lang=cn');
    const [overallHeader, first] = Papa.parse<string[]>(String(overall.body).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(overallHeader[0]).toBe(text('cn', 'reports.columns.period'));
    if (first) expect(first[0]).toMatch(/^\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}$/);
  });
});
