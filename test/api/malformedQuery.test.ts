import { RESOURCES } from '../../api/src/registry';
import { useSignedInApp } from '../helpers/testApp';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';

const { admin } = useSignedInApp({ admin: 'admin' });

/** The list exports: each reads its list's `filter` and `sort`. */
const EXPORTS = [...RESOURCES.filter((def) => def.list.export).map((def) => `/api/${def.name}/export.csv`), '/api/trash/export.csv'];
/** Every route that reads `filter` (lists, the list exports, the pricing statistics, the trash). */
const FILTERED_ROUTES = [...RESOURCES.map((def) => `/api/${def.name}`), ...EXPORTS, '/api/pricing/stats', '/api/trash'];
/** The routes among them that also read `sort`. */
const SORTED_ROUTES = [...RESOURCES.map((def) => `/api/${def.name}`), ...EXPORTS, '/api/trash'];

/** Names every object has through Object.prototype; a lookup by them must not find anything. */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf', 'isPrototypeOf'];

const query = (name: string, value: unknown) => `${name}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`;
// A computed key makes "__proto__" an own property, which JSON.stringify then writes out.
const filterOn = (field: string, value: unknown = 1) => query('filter', { [field]: value });
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('filter keys that are Object.prototype names', () => {
  it.each(FILTERED_ROUTES.flatMap((route) => PROTOTYPE_NAMES.map((name) => [route, name])))(
    '%s refuses %s with 400 "Unknown filter"', async (route, name) => {
      const res = await admin.get(`${route}?${filterOn(name)}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`Cannot filter by "${name}"`);
      expect(Object.entries(res.body.errors)).toEqual([[name, 'Unknown filter']]);
    });

  it.each(FILTERED_ROUTES)('%s refuses them as range bounds too', async (route) => {
    for (const name of ['constructor_gte', 'hasOwnProperty_lte', '__proto___gte']) {
      const res = await admin.get(`${route}?${filterOn(name, '2026-01-01')}`);
      expect(res.status).toBe(400);
      expect(Object.entries(res.body.errors)).toEqual([[name, 'Unknown filter']]);
    }
  });

  it.each(SORTED_ROUTES)('%s refuses them as sort fields', async (route) => {
    for (const name of PROTOTYPE_NAMES) {
      const res = await admin.get(`${route}?${query('sort', [name, 'ASC'])}`);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ sort: expect.stringMatching(/^Allowed: /) });
    }
  });
});

describe('filter values', () => {
  let supplierId: number;
  beforeAll(async () => {
    supplierId = (await admin.create('/api/suppliers', { name: 'Filter Values Co', ...SUPPLIER_CONTACT })).id;
  });

  it('reads an empty list as "none of these": no rows, not an error', async () => {
    const byId = await admin.get(`/api/suppliers?${filterOn('id', [])}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual([]);
    expect(byId.headers.get('content-range')).toBe('suppliers 0-0/0');
    const byStatus = await admin.get(`/api/suppliers?${filterOn('status', [])}`);
    expect(byStatus.status).toBe(200);
    expect(byStatus.body).toEqual([]);
    expect((await admin.get(`/api/suppliers?${filterOn('id', [supplierId])}`)).body).toHaveLength(1);
  });

  it.each([
    ['/api/orders', 'createdAt_gte', []],
    ['/api/orders', 'pickupDate_lte', []],
    ['/api/orders', 'createdAt_gte', ['2026-01-01', '2026-02-01']],
    ['/api/orders', 'createdAt_gte', 'yesterday'],
    ['/api/orders', 'mosDate_gte', '2026-13-45'],
    ['/api/orders', 'completionDate_lte', '2026-02-30'],
    ['/api/orders', 'createdAt_lte', '0000-01-01'],
    ['/api/orders', 'createdAt_lte', 20260101],
    ['/api/orders', 'createdAt_lte', true],
    ['/api/orders', 'createdAt_gte', { from: '2026-01-01' }],
    ['/api/orders/export.csv', 'createdAt_gte', []],
    ['/api/orders/export.csv', 'createdAt_gte', 'soon'],
    ['/api/pricing', 'completionDate_gte', []],
    ['/api/pricing/stats', 'completionDate_gte', 'last week'],
    ['/api/activity-logs', 'at_gte', 'now'],
    ['/api/report-runs', 'runDate_lte', []],
  ])('%s refuses the range bound %s = %j with 400 naming it', async (route, field, value) => {
    const res = await admin.get(`${route}?${filterOn(field, value)}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ [field]: expect.any(String) });
  });

  it.each([
    ['createdAt_gte', '2026-01-01'],
    ['createdAt_lte', '2026-01-01T10:30:00Z'],
    ['createdAt_lte', '2026-01-01T10:30:00.123+08:00'],
    ['pickupDate_gte', '2026-02-28'],
    ['mosDate_lte', '2024-02-29'],
  ])('accepts the range bound %s = %s', async (field, value) => {
    const res = await admin.get(`/api/orders?${filterOn(field, value)}`);
    expect(res.status).toBe(200);
  });

  it.each([
    ['/api/orders', 'status', [false]],
    ['/api/orders', 'status', true],
    ['/api/orders', 'status', 5],
    ['/api/suppliers', 'status', false],
  ])('%s reads %s = %j as the text it says: no rows, never 500', async (route, field, value) => {
    // The orders list's estimate wrote the values into its EXPLAIN as literals: text = boolean.
    const res = await admin.get(`${route}?${filterOn(field, value)}&range=${encodeURIComponent('[0,0]')}`);
    expect([res.status, res.body]).toEqual([200, []]);
  });

  it.each([
    ['/api/suppliers', 'id', 'abc'],
    ['/api/suppliers', 'id', [1.5]],
    ['/api/suppliers', 'id', 99999999999999],
    ['/api/orders', 'supplierId', ['one']],
    ['/api/orders', 'status', [[]]],
    ['/api/orders', 'status', {}],
    ['/api/suppliers', 'serviceAreaIds', ['x']],
    ['/api/activity-logs', 'userId', 'me'],
  ])('%s refuses the value %s = %j with 400, never 500', async (route, field, value) => {
    const res = await admin.get(`${route}?${filterOn(field, value)}`);
    expect(res.status).toBe(400);
  });
});

describe('JSON nested too deeply in a query parameter', () => {
  it.each(['filter', 'sort', 'range'])('refuses %s nested 21 levels with 400, and takes 20', async (name) => {
    const tooDeep = name === 'filter' ? `{"q":${nested(20)}}` : nested(21);
    const res = await admin.get(`/api/suppliers?${query(name, tooDeep)}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ [name]: 'Nested too deeply (at most 20 levels)' });
    if (name === 'filter') expect((await admin.get(`/api/suppliers?${query(name, `{"q":${nested(19)}}`)}`)).status).toBe(200);
  });

  it('refuses a filter nested thousands of levels deep with 400, not a stack overflow', async () => {
    for (const route of ['/api/suppliers', '/api/orders/export.csv', '/api/pricing/stats', '/api/trash']) {
      const res = await admin.get(`${route}?${query('filter', `{"q":${nested(2000)}}`)}`);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ filter: 'Nested too deeply (at most 20 levels)' });
    }
  });
});
