import type { Locator, Page } from 'playwright-core';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { chooseLanguage, closePage, newPage, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { eventually } from '../helpers/eventually';
import { createOrder } from '../helpers/orders';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { dayFrom } from '../helpers/testClock';

const env = useAppInBrowser();

/**
 * Every list holds a few records with long bilingual names: open and completed orders (two of them
 * late), master data, a deleted supplier in the trash, and a report snapshot of them.
 */
beforeAll(async () => {
  const admin: HttpClient = await signedInAs(env.app.url, 'admin');
  const created = (url: string, body: object) => admin.create(url, body);
  const warehouse = await created('/api/warehouses', { code: 'FIT-DC', name: '上海一号仓 Shanghai DC1',
    address: '上海市浦东新区张江路 1000 号 1000 Zhangjiang Road, Pudong', contactPerson: 'Wang Wu' });
  const area = await created('/api/delivery-areas', { code: 'FIT-CY', name: '北京朝阳 Beijing Chaoyang', region: '华北 North' });
  const supplier = await created('/api/suppliers', { name: '北方联运股份有限公司 Northern Intermodal Co., Ltd.',
    ...SUPPLIER_CONTACT, serviceAreaIds: [area.id] });
  const vehicleType = await created('/api/vehicle-types', { code: 'FIT-T5', name: '5 吨厢式货车 5 t box truck', capacityTons: 5 });
  const removed = await created('/api/suppliers', { name: '已停用承运商 Retired Carrier', ...SUPPLIER_CONTACT });
  await admin.delete(`/api/suppliers/${removed.id}`);
  const assignedUserId = (await admin.get('/api/user')).body.id;
  // Days around the server's today: two of the open orders late.
  const now = new Date();
  for (let n = 1; n <= 6; n += 1) {
    const order = await createOrder(admin, { mtmNumber: `MTM20261123000${n}`, dnNumber: `DN0088300${n}`,
      supplierId: supplier.id, pickupWarehouseId: warehouse.id, vehicleTypeId: vehicleType.id, assignedUserId,
      deliveryAreaId: area.id, pickupDate: dayFrom(now, -(n + 1)), mosDate: dayFrom(now, 2 - n) });
    if (n > 4) continue;
    await env.app.db('orders').where({ id: order.id }).update({ status: 'awaiting_pod_upload' });
    await env.app.db('orderAttachments').insert({ orderId: order.id, kind: 'pod', fileName: 'pod.pdf',
      contentType: 'application/pdf', size: 5, content: Buffer.from('%PDF-') });
    const done = await admin.post(`/api/orders/${order.id}/transitions`, { to: 'completed' });
    if (done.status !== 200) throw new Error(`complete: ${done.status} ${JSON.stringify(done.body)}`);
  }
  const run = await admin.post('/api/report-runs', {});
  if (run.status !== 201) throw new Error(`report run: ${run.status} ${JSON.stringify(run.body)}`);
});

const FIRST_ORDER = 'MTM202611230006';

/** The list routes, each with what shows its records (on a phone too); the late orders open from a count. */
const ROUTES: Array<{ path: string; ready: (page: Page) => Promise<void> }> = [
  { path: '/orders', ready: (page) => page.getByText(FIRST_ORDER).first().waitFor() },
  // The batch page lists completed orders only: orders 1 to 4.
  { path: '/batch-modification', ready: (page) => page.getByText('MTM202611230004').first().waitFor() },
  { path: '/suppliers', ready: (page) => page.getByText(/Northern Intermodal/).first().waitFor() },
  { path: '/warehouses', ready: (page) => page.getByText(/FIT-DC/).first().waitFor() },
  { path: '/vehicle-types', ready: (page) => page.getByText(/FIT-T5/).first().waitFor() },
  { path: '/delivery-areas', ready: (page) => page.getByText(/FIT-CY/).first().waitFor() },
  { path: '/users', ready: (page) => page.getByText(/team_leader/).first().waitFor() },
  { path: '/activity-logs', ready: (page) => page.getByTestId('action-chip').first().waitFor() },
  { path: '/trash', ready: (page) => page.getByText(/Retired Carrier/).first().waitFor() },
  { path: '/translations', ready: (page) => page.getByText('access', { exact: true }).first().waitFor() },
  { path: '/pricing-management', ready: (page) => page.getByText('MTM202611230001').first().waitFor() },
  { path: '/reports', ready: (page) => page.getByTestId('area-revenue-table').waitFor() },
  { path: '/reports/daily', ready: (page) => page.getByTestId('report-table').waitFor() },
  { path: '/reports/process-monitoring', ready: async (page) => {
    await page.getByTestId('total-delayed').click();
    await page.getByTestId('late-order').first().waitFor();
  } },
];

const VIEWPORTS = [{ name: 'desktop', width: 1440, height: 900 }, { name: 'phone', width: 390, height: 844 }] as const;
const LANGUAGES = [{ language: 'cn', name: '中文' }, { language: 'en', name: 'English' }] as const;

/** Whether an element lies wholly within the window's width. */
async function insideViewport(element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const width = await element.page().evaluate(() => window.innerWidth);
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * Opens a list as the app's own links do, without reloading it, by way of a page that lists
 * nothing (so what is found next is the new list's), and waits for its records.
 */
async function open(page: Page, path: string) {
  for (const to of ['/no-such-page', path]) {
    await page.evaluate((url) => {
      window.history.pushState(null, '', url);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, to);
    if (to !== path) await page.getByTestId('not-found').waitFor();
  }
  await ROUTES.find((route) => route.path === path)!.ready(page);
}

/** On a 1440 px screen in English, the widest texts: the toolbars' buttons stay in sight. */
async function expectWholeToolbars(page: Page, path: string) {
  if (path === '/orders') {
    const toolbar = page.locator('.RaList-actions > .MuiToolbar-root');
    for (const label of ['Saved filters', 'Add filter', 'New order', 'Columns', 'Export CSV']) {
      await eventually(async () => expect(`${label}: ${await insideViewport(toolbar.getByText(label, { exact: true }))}`).toBe(`${label}: true`));
    }
  }
  if (path === '/batch-modification') await eventually(async () => expect(await insideViewport(page.getByTestId('open-batch-dialog'))).toBe(true));
}

/** On a phone the app bar keeps the language and user menus in sight. */
async function expectAppBarMenus(page: Page, languageName: string) {
  const appBar = page.locator('header').first();
  await eventually(async () => expect(await insideViewport(appBar.locator('button[aria-haspopup]').filter({ hasText: languageName }))).toBe(true));
  await eventually(async () => expect(await insideViewport(appBar.getByRole('button', { name: /个人资料|Profile/ }))).toBe(true));
}

describe.each(VIEWPORTS)('on a $width px screen', (viewport) => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(env.browser, env.app.url, viewport);
    await signIn(page, 'admin');
  });
  afterAll(() => closePage(page));

  it.each(LANGUAGES)('every list fits the screen in $language', async ({ language, name }) => {
    if (language === 'en') await chooseLanguage(page, name);
    for (const route of ROUTES) {
      await open(page, route.path);
      // The records are in; the columns take their widths a frame or two later.
      await eventually(async () => expect(`${route.path} ${await pageWidth(page)}`).toBe(`${route.path} ${viewport.width}`));
      if (viewport.name === 'phone') await expectAppBarMenus(page, name);
      if (viewport.name === 'desktop' && language === 'en') await expectWholeToolbars(page, route.path);
      await screenshot(page, `lists-fit-${viewport.name}-${language}${route.path.replace(/\//g, '-')}`);
    }
  });

  if (viewport.name === 'phone') return;

  it('names the order list\'s date filters and keeps "MTM number" whole in the sort tooltip (en)', async () => {
    await open(page, '/orders');
    await page.getByRole('button', { name: 'Add filter' }).click();
    for (const label of ['Pickup date from', 'MOS date to', 'Created from', 'Completed to']) {
      await page.getByRole('menuitemcheckbox', { name: label, exact: true }).waitFor();
    }
    expect(await page.getByRole('menuitemcheckbox', { name: /gte|lte/i }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.locator('th.column-mtmNumber').hover();
    await page.getByRole('tooltip', { name: 'Sort by MTM number ascending' }).waitFor();
  });

  it('names each report file by report, dimension and months', async () => {
    await open(page, '/reports/daily');
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
    expect(file.suggestedFilename()).toMatch(/^report-daily-overall-\d{4}-\d{2}_\d{4}-\d{2}\.csv$/);
  });
});
