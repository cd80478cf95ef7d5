import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { closePage, endlessAnimations, newPage, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { eventually } from '../helpers/eventually';
import type { Role } from '@kernel/users/roles';
import { createOrder } from '../helpers/orders';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { dayFrom, useServerDay } from '../helpers/testClock';

// The snapshots are taken as of the server's today, by its wall clock (testClock.ts).
const clock = useServerDay();
const env = useAppInBrowser();

const RUNS = [
  { language: 'cn', theme: 'light', note: '报表数据每日 23:50 更新', snapshot: '数据快照：', exportLabel: '导出 CSV',
    noData: '所选时间段内未找到订单数据', ordersHeader: '订单数', old: '历史报表', readOnly: '只读快照' },
  { language: 'en', theme: 'dark', note: 'Report data updates daily at 23:50', snapshot: 'Snapshot of ',
    exportLabel: 'Export CSV', noData: 'No order data found for the selected time period', ordersHeader: 'Orders',
    old: 'Old reports', readOnly: 'Read-only snapshot' },
] as const;
type Run = (typeof RUNS)[number];

const VIEWS = [
  { path: '/reports', name: 'overview' }, { path: '/reports/daily', name: 'daily' },
  { path: '/reports/weekly', name: 'weekly' }, { path: '/reports/monthly', name: 'monthly' },
  { path: '/reports/trend', name: 'trend' }, { path: '/reports/billings', name: 'billings' },
] as const;

/** A page signed in as `role` in the run's language and theme, opened at `path`. */
async function openAs(role: Role, { language, theme }: { language: 'cn' | 'en'; theme: 'light' | 'dark' },
  { path, ...viewport }: { path?: string; width?: number; height?: number } = {}): Promise<Page> {
  const page = await newPage(env.browser, env.app.url, { colorScheme: theme, ...viewport });
  await signIn(page, role, { language, path });
  return page;
}


/** The server's calendar day `days` before its today. */
const dayBefore = (days: number) => dayFrom(clock.now, -days);
const noonOf = (days: number) => new Date(`${dayBefore(days)}T12:00:00`);

/** RFC 4180 lines (quoted fields may hold commas and quotes), without the BOM. */
function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows: string[][] = [];
  for (const line of text.slice(1).split(/\r?\n/).filter(Boolean)) {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i += 1) {
      const char = line[i];
      if (quoted && char === '"' && line[i + 1] === '"') { cell += '"'; i += 1; }
      else if (char === '"') quoted = !quoted;
      else if (char === ',' && !quoted) { cells.push(cell); cell = ''; }
      else cell += char;
    }
    cells.push(cell);
    rows.push(cells);
  }
  return rows;
}

/** The header and body texts of a table on screen. */
const tableOf = (table: Locator) => table.evaluate((element) => ({
  header: [...element.querySelectorAll('thead th')].map((th) => (th as HTMLElement).innerText.trim()),
  rows: [...element.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())),
}));

/** A shown value and a CSV value compare as text, or as numbers once the digit grouping is gone. */
const normal = (text: string) => {
  const plain = text.replace(/,/g, '').trim();
  if (plain === '—' || plain === '') return '';
  return Number.isNaN(Number(plain)) ? plain : String(Number(plain));
};

async function download(page: Page, button: Locator): Promise<string[][]> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(file.suggestedFilename()).toMatch(/^report-.*\.csv$/);
  return parseCsv(await readFile((await file.path())!, 'utf8'));
}

/**
 * Exports what a table shows and checks the CSV row by row: same count, same order, and every
 * column the two share (by header) with the same values; `leadColumns` are compared by position
 * (the period, whose header names the granularity on screen).
 */
async function expectCsvMatchesTable(page: Page, table: Locator, button: Locator, leadColumns: number) {
  const shown = await tableOf(table);
  const [header, ...rows] = await download(page, button);
  expect(rows.length).toBe(shown.rows.length);
  expect(rows.length).toBeGreaterThan(0);
  const shared = shown.header.map((name, index) => [index, header.indexOf(name)]).filter(([, at]) => at >= 0);
  expect(shared.length).toBeGreaterThanOrEqual(3);
  rows.forEach((row, r) => {
    for (let c = 0; c < leadColumns; c += 1) expect(normal(row[c])).toBe(normal(shown.rows[r][c]));
    for (const [index, at] of shared) expect(`${header[at]}=${normal(row[at])}`).toBe(`${header[at]}=${normal(shown.rows[r][index])}`);
  });
  return { header, rows };
}

/** A report on screen, its data loaded for the choices made: nothing left drawing a wait. */
async function reportShown(page: Page) {
  await page.locator('[data-testid=report-view][aria-busy=false]').waitFor();
  await page.getByTestId('report-table').waitFor();
  await page.getByTestId('snapshot-time').waitFor();
  expect(await endlessAnimations(page)).toBe(0);
}

async function openReport(page: Page, path: string) {
  await page.goto(path);
  await reportShown(page);
}

describe('before the first snapshot', () => {
  it('says that there is no order data, with the 23:50 note', async () => {
    const page = await openAs('admin', RUNS[0], { path: '/reports/daily' });
    await page.getByTestId('report-empty').getByText(RUNS[0].noData).waitFor();
    expect(await page.getByTestId('snapshot-line').innerText()).toContain('尚未生成报表数据');
    expect(await page.getByTestId('snapshot-line').innerText()).toContain(RUNS[0].note);
    expect(await page.getByTestId('report-export').getAttribute('aria-disabled')).toBe('true');
    await screenshot(page, 'reports-empty-cn-light');
    await closePage(page);
  });
});

describe('with snapshots', () => {
  let admin: HttpClient;
  const refs = { north: 0, south: 0, harbour: 0, airport: 0 };
  let firstRun = 0;

  /** Six orders over the last months: three completed with prices, one cancelled, two under way. */
  beforeAll(async () => {
    admin = await signedInAs(env.app.url, 'admin');
    const warehouse = (await admin.post('/api/warehouses', { code: 'W-RP', name: 'Report DC' })).body.id;
    refs.north = (await admin.post('/api/suppliers', { name: '北方物流 North Freight', ...SUPPLIER_CONTACT })).body.id;
    refs.south = (await admin.post('/api/suppliers', { name: '南方快运 South Express', ...SUPPLIER_CONTACT })).body.id;
    refs.harbour = (await admin.post('/api/delivery-areas', { code: 'HBR', name: '港区 Harbour' })).body.id;
    refs.airport = (await admin.post('/api/delivery-areas', { code: 'AIR', name: '空港 Airport' })).body.id;
    const leader = (await signedInAs(env.app.url, 'team_leader').then((c) => c.get('/api/user'))).body.id;
    const plan: Array<{ mtm: string; supplierId: number; deliveryAreaId: number; pickup: number;
      status?: string; completed?: number; buy?: string; sale?: string }> = [
      { mtm: 'RP-1', supplierId: refs.north, deliveryAreaId: refs.harbour, pickup: 3, status: 'completed', completed: 2, buy: '100.00', sale: '150.50' },
      { mtm: 'RP-2', supplierId: refs.north, deliveryAreaId: refs.airport, pickup: 40, status: 'completed', completed: 35, buy: '1200.00', sale: '1460.00' },
      { mtm: 'RP-3', supplierId: refs.south, deliveryAreaId: refs.airport, pickup: 70, status: 'completed', completed: 65, buy: '80.25', sale: '99.99' },
      { mtm: 'RP-4', supplierId: refs.south, deliveryAreaId: refs.harbour, pickup: 10, status: 'cancelled' },
      { mtm: 'RP-5', supplierId: refs.north, deliveryAreaId: refs.harbour, pickup: 1 },
      { mtm: 'RP-6', supplierId: refs.south, deliveryAreaId: refs.airport, pickup: 100, status: 'in_transit' },
    ];
    for (const order of plan) {
      const { id } = await createOrder(admin, { mtmNumber: order.mtm, supplierId: order.supplierId, pickupWarehouseId: warehouse,
        assignedUserId: leader, deliveryAreaId: order.deliveryAreaId, pickupDate: dayBefore(order.pickup), mosDate: dayBefore(order.pickup - 5) });
      // The status flow has its own tests: here the states are fixtures.
      if (order.status) {
        await env.app.db('orders').where({ id }).update({ status: order.status, createdAt: noonOf(order.pickup + 2),
          ...(order.completed === undefined ? {} : { completionDate: noonOf(order.completed), basePurchasePrice: order.buy, baseSalePrice: order.sale }) });
      }
    }
    const run = await admin.post('/api/report-runs');
    if (run.status !== 201) throw new Error(`report run: ${run.status} ${JSON.stringify(run.body)}`);
    firstRun = run.body.id;
    // After the first snapshot: one more order, and a supplier renamed; the old snapshot keeps both as they were.
    await env.app.db('suppliers').where({ id: refs.north }).update({ name: '北方物流（新）North Freight Co.' });
    await createOrder(admin, { mtmNumber: 'RP-7', supplierId: refs.north, pickupWarehouseId: warehouse,
      assignedUserId: leader, deliveryAreaId: refs.harbour, pickupDate: dayBefore(2), mosDate: dayBefore(0) });
    const second = await admin.post('/api/report-runs');
    if (second.status !== 201) throw new Error(`report run: ${second.status} ${JSON.stringify(second.body)}`);
  });

  describe.each(RUNS)('each report as an administrator ($language, $theme)', (run: Run) => {
    it.each(VIEWS)('$name: chart beside table, the snapshot and 23:50 note, CSV of the rows shown', async ({ path, name }) => {
      const page = await openAs('admin', run, { path });
      await reportShown(page);
      const line = await page.getByTestId('snapshot-line').innerText();
      expect(line).toContain(run.snapshot);
      expect(line).toContain(run.note);
      await page.getByTestId('refresh-reports').waitFor();
      await page.getByTestId('report-chart').locator('svg').first().waitFor();
      if (name !== 'billings') expect((await tableOf(page.getByTestId('report-table'))).header).toContain(run.ordersHeader);
      await screenshot(page, `reports-${name}-${run.language}-${run.theme}`);

      const table = page.getByTestId('report-table');
      const lead = name === 'overview' ? 0 : 1;
      const { header } = await expectCsvMatchesTable(page, table, page.getByTestId('report-export'), lead);
      expect(header).toContain(run.language === 'cn' ? '销售金额' : 'Sale');
      if (name === 'overview') {
        expect(await page.getByTestId('summary-orders').innerText()).toMatch(/\n7$/);
        await expectCsvMatchesTable(page, page.getByTestId('area-revenue-table'), page.getByTestId('area-revenue-export'), 0);
      }
      await closePage(page);
    });
  });

  it('follows the period and dimension choices, and exports what they show', async () => {
    const page = await openAs('admin', RUNS[0], { path: '/reports/monthly' });
    await reportShown(page);
    const table = page.getByTestId('report-table');
    await page.getByTestId('dimension-choice').click();
    await page.getByRole('option', { name: '配送区域' }).click();
    await table.locator('th', { hasText: '配送区域' }).waitFor();
    await page.getByTestId('period-choice').getByRole('button', { name: '近 12 个月' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid=report-export]')?.getAttribute('href')?.includes('months=12'));
    await reportShown(page);
    const { rows } = await expectCsvMatchesTable(page, table, page.getByTestId('report-export'), 1);
    expect(new Set(rows.map((row) => row[1]))).toEqual(new Set(['港区 Harbour', '空港 Airport']));
    await screenshot(page, 'reports-monthly-by-area-cn-light');
    // The choice is remembered for the next visit.
    await page.goto('/reports/daily');
    await openReport(page, '/reports/monthly');
    await table.locator('th', { hasText: '配送区域' }).waitFor();
    await closePage(page);
  });

  it('scrolls the tables inside the page on a 375 px phone', async () => {
    const page = await openAs('admin', { language: 'cn', theme: 'light' }, { path: '/reports', width: 375, height: 800 });
    for (const path of ['/reports', '/reports/billings']) {
      if (new URL(page.url()).pathname !== path) await page.goto(path);
      await reportShown(page);
      // The table is in; its columns take their widths a frame or two later.
      await eventually(async () => {
        const widths = await page.evaluate(() => {
          const table = document.querySelector('[data-testid=report-table]') as HTMLElement;
          return { page: document.documentElement.scrollWidth, table: table.scrollWidth, box: table.clientWidth };
        });
        expect(widths.page).toBeLessThanOrEqual(375);
        expect(widths.table).toBeGreaterThan(widths.box);
      });
      await screenshot(page, `reports-mobile-${path === '/reports' ? 'overview' : 'billings'}-cn-light`);
    }
    await closePage(page);
  });

  describe.each(RUNS)('old reports ($language, $theme)', (run: Run) => {
    it('lists every snapshot and opens the first one read-only, as it was, exportable', async () => {
      const page = await openAs('admin', run, { path: '/reports/old-reports' });
      const rows = page.locator('tbody tr');
      await page.waitForFunction(() => document.querySelectorAll('tbody tr').length >= 2);
      await screenshot(page, `reports-old-list-${run.language}-${run.theme}`);
      await rows.last().locator('td').first().click();
      await page.waitForURL((url) => url.searchParams.get('run') === String(firstRun));
      await reportShown(page);
      await page.getByTestId('old-report-title').waitFor();
      await page.getByText(run.readOnly).waitFor();
      expect(await page.getByTestId('refresh-reports').count()).toBe(0);
      expect(await page.getByTestId('summary-orders').innerText()).toMatch(/\n6$/);
      await screenshot(page, `reports-old-overview-${run.language}-${run.theme}`);

      await page.getByTestId('report-tab-billings').click();
      await page.waitForURL((url) => url.searchParams.get('view') === 'billings');
      await page.getByTestId('granularity-choice').waitFor(); // only the billings report has it
      await reportShown(page);
      await page.getByTestId('report-table').locator('td', { hasText: '北方物流 North Freight' }).first().waitFor();
      const { rows: csv } = await expectCsvMatchesTable(page, page.getByTestId('report-table'), page.getByTestId('report-export'), 1);
      expect(csv.some((row) => row.includes('北方物流 North Freight'))).toBe(true);
      expect(csv.some((row) => row.includes('北方物流（新）North Freight Co.'))).toBe(false);
      await screenshot(page, `reports-old-billings-${run.language}-${run.theme}`);
      await closePage(page);
    });
  });

  it('says Loading Failed when the report data cannot be read', async () => {
    const page = await newPage(env.browser, env.app.url);
    await page.route('**/api/reports/statistics?**', (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
    await signIn(page, 'admin', { path: '/reports/weekly', language: 'cn' });
    const error = page.getByTestId('report-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('加载失败');
    expect(await error.innerText()).toContain('无法加载报表数据，请稍后重试');
    await screenshot(page, 'reports-error-cn-light');
    await closePage(page);
  });

  it('says Loading Failed for a snapshot that does not exist', async () => {
    const page = await openAs('admin', RUNS[1], { path: '/reports/old-reports?run=999999' });
    const error = page.getByTestId('report-error').first();
    await error.waitFor();
    expect(await error.innerText()).toContain('Loading Failed');
    expect(await error.innerText()).toContain('Unable to load report data, please try again later');
    await screenshot(page, 'reports-old-missing-en-dark');
    await closePage(page);
  });

  it('lets a biller read the reports without refreshing them', async () => {
    const page = await openAs('biller', RUNS[0], { path: '/reports/billings' });
    await reportShown(page);
    expect(await page.getByTestId('refresh-reports').count()).toBe(0);
    await closePage(page);
  });

  it('refreshes now for an administrator: a new snapshot, listed with the old ones', async () => {
    const before = (await admin.get('/api/report-runs?range=[0,99]')).body.length;
    const page = await openAs('admin', RUNS[0], { path: '/reports' });
    await reportShown(page);
    await page.getByTestId('refresh-reports').click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.innerText()).toContain('报表已刷新');
    expect((await admin.get('/api/report-runs?range=[0,99]')).body.length).toBe(before + 1);
    await page.goto('/reports/old-reports');
    await page.waitForFunction((count) => document.querySelectorAll('tbody tr').length === count, before + 1);
    await closePage(page);
  });
});
