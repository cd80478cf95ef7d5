import type { Role } from '@kernel/users/roles';
import type { Page } from 'playwright-core';
import { signedInAs } from '../helpers/httpClient';
import { chooseLanguage, closePage, expectCount, newPage, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { eventually } from '../helpers/eventually';
import { createOrder, orderBody } from '../helpers/orders';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { dayFrom, useServerDay } from '../helpers/testClock';

// Late, days overdue and completed today are the server's, by its wall clock (testClock.ts).
const clock = useServerDay();
const env = useAppInBrowser();

const daysAgo = (n: number) => dayFrom(clock.now, -n);
const orders: Record<string, number> = {};

/**
 * Harbour (the dispatcher's area): PM-1 late to pull out (pickup 5 days ago), PM-2 late on MOS
 * (in transit, MOS 3 days ago), PM-3 on time. Airport: PM-4 late both ways. Two of them completed
 * today, for the public dashboard.
 */
beforeAll(async () => {
  const admin = await signedInAs(env.app.url, 'admin');
  const warehouse = (await admin.post('/api/warehouses', { code: 'W-PM', name: 'Monitoring DC' })).body.id;
  const supplier = (await admin.post('/api/suppliers', { name: '北方物流 North Freight', ...SUPPLIER_CONTACT })).body.id;
  const harbour = (await admin.post('/api/delivery-areas', { code: 'HBR', name: '港区 Harbour' })).body.id;
  const airport = (await admin.post('/api/delivery-areas', { code: 'AIR', name: '空港 Airport' })).body.id;
  const truck = (await admin.post('/api/vehicle-types', { code: 'T5', name: '5 吨货车 5 t truck' })).body.id;
  const dispatcher = (await signedInAs(env.app.url, 'regional_dispatcher').then((c) => c.get('/api/user'))).body.id;
  await env.app.db('userDeliveryAreas').insert({ userId: dispatcher, deliveryAreaId: harbour });
  const plan: Array<[string, number, string, string, string]> = [
    ['PM-1', harbour, daysAgo(5), daysAgo(-2), 'awaiting_vehicle_departure'],
    ['PM-2', harbour, daysAgo(6), daysAgo(3), 'in_transit'],
    ['PM-3', harbour, daysAgo(-1), daysAgo(-4), 'booking_received'],
    ['PM-4', airport, daysAgo(9), daysAgo(2), 'booking_received'],
    ['PM-5', airport, daysAgo(4), daysAgo(1), 'completed'],
    ['PM-6', harbour, daysAgo(3), daysAgo(0), 'completed'],
  ];
  for (const [mtm, deliveryAreaId, pickupDate, mosDate, status] of plan) {
    const { id } = await createOrder(admin, { mtmNumber: mtm, supplierId: supplier, pickupWarehouseId: warehouse, vehicleTypeId: truck,
      assignedUserId: dispatcher, deliveryAreaId, pickupDate, mosDate });
    orders[mtm] = id;
    await env.app.db('orders').where({ id }).update({ status,
      ...(status === 'completed' ? { completionDate: new Date(), baseSalePrice: '1234.50' } : {}) });
  }
});

const count = (page: Page, testId: string) => page.getByTestId(testId).innerText();

/** Signs in as `role` straight onto the page. */
async function openMonitoring(page: Page, role: Role) {
  await signIn(page, role, { path: '/reports/process-monitoring' });
  await page.getByTestId('area-HBR').waitFor();
}

describe('process monitoring', () => {
  it('counts per area and opens the orders behind a count, linked to their pages (cn, light)', async () => {
    const page = await newPage(env.browser, env.app.url);
    await openMonitoring(page, 'admin');
    expect(await count(page, 'total-pulling_out-count')).toBe('2');
    expect(await count(page, 'total-mos-count')).toBe('2');
    expect(await count(page, 'total-delayed-count')).toBe('3');
    expect(await count(page, 'count-HBR-delayed')).toBe('2');
    expect(await count(page, 'count-AIR-delayed')).toBe('1');
    await page.getByText('提货延误').first().waitFor();

    await page.getByTestId('count-HBR-mos').click();
    const list = page.getByTestId('late-orders');
    await list.getByText('MOS 延误 · 港区 Harbour').waitFor();
    await list.getByTestId('late-order').first().waitFor();
    await expectCount(list.getByTestId('late-order'), 1);
    expect(await list.innerText()).toContain('PM-2');
    expect(await list.innerText()).toContain('3 天');
    await page.getByTestId('count-HBR-delayed').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=late-order]').length === 2);
    // Opened whole as soon as its rows show, not cut at the height it had while they loaded (reduced motion).
    expect(await list.evaluate((element) => element.closest('.MuiCollapse-root')!.classList.contains('MuiCollapse-entered'))).toBe(true);
    // The most overdue first: PM-1 is 5 days late to pull out, PM-2 3 days past its MOS date.
    expect(await list.getByTestId('late-order-link').allInnerTexts()).toEqual(['PM-1', 'PM-2']);
    await screenshot(page, 'process-monitoring-cn-light');

    await list.getByRole('link', { name: 'PM-1' }).click();
    await page.waitForURL((url) => url.pathname === `/orders/${orders['PM-1']}`);
    await closePage(page);
  });

  it('lists all areas from a total and opens the same orders in the order list (en, dark)', async () => {
    const page = await newPage(env.browser, env.app.url, { colorScheme: 'dark' });
    await openMonitoring(page, 'admin');
    await chooseLanguage(page, 'English');
    await page.getByText('By delivery area', { exact: true }).waitFor();
    await page.getByTestId('total-delayed').click();
    const list = page.getByTestId('late-orders');
    await list.getByText('Orders delayed · All areas').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=late-order]').length === 3);
    expect(await list.getByTestId('late-order-link').allInnerTexts()).toEqual(['PM-4', 'PM-1', 'PM-2']);
    expect(await list.innerText()).toContain('9 days');
    await screenshot(page, 'process-monitoring-en-dark');

    await list.getByRole('link', { name: 'Open in order list' }).click();
    await page.waitForURL((url) => url.pathname === '/orders');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 3);
    const text = await page.locator('tbody').innerText();
    for (const mtm of ['PM-1', 'PM-2', 'PM-4']) expect(text).toContain(mtm);
    expect(await page.locator('.ra-input-delayed [role=combobox]').innerText()).toBe('Either delay');
    await closePage(page);
  });

  it('opens one kind of one area in the order list with both filters shown', async () => {
    const page = await newPage(env.browser, env.app.url);
    await openMonitoring(page, 'admin');
    await page.getByRole('button', { name: '港区 Harbour：提货延误 1 单' }).click();
    const list = page.getByTestId('late-orders');
    await list.getByText('提货延误 · 港区 Harbour').waitFor();
    await list.getByRole('link', { name: '在订单列表中查看' }).click();
    await page.waitForURL((url) => url.pathname === '/orders');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    expect(await page.locator('tbody').innerText()).toContain('PM-1');
    expect(await page.locator('.ra-input-delayed [role=combobox]').innerText()).toBe('提货延误');
    await page.waitForFunction(() => (document.querySelector('.ra-input-deliveryAreaId input') as HTMLInputElement | null)
      ?.value.includes('港区 Harbour'));
    await screenshot(page, 'orders-from-process-monitoring');
    // The other kinds are a choice away.
    await page.locator('.ra-input-delayed [role=combobox]').click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(expect.arrayContaining(['任一延误', '提货延误', 'MOS 延误']));
    await closePage(page);
  });

  it('refreshes the counts and the open list together', async () => {
    const page = await newPage(env.browser, env.app.url);
    await openMonitoring(page, 'admin');
    const expand = page.getByTestId('area-HBR').getByRole('button', { name: '展开区域的延误订单' });
    expect(await expand.getAttribute('aria-expanded')).toBe('false');
    await page.getByTestId('count-HBR-pulling_out').click();
    expect(await page.getByTestId('area-HBR').getByRole('button', { name: '收起' }).getAttribute('aria-expanded')).toBe('true');
    const list = page.getByTestId('late-orders');
    await list.getByTestId('late-order').first().waitFor();
    expect(await list.getByTestId('late-order-link').allInnerTexts()).toEqual(['PM-1']);
    // Meanwhile another late order arrives in Harbour.
    const [late] = await env.app.db('orders').where({ id: orders['PM-1'] })
      .select('supplierId', 'pickupWarehouseId', 'vehicleTypeId', 'assignedUserId', 'deliveryAreaId', 'pickupDate', 'mosDate');
    const [{ id }] = await env.app.db('orders').insert(orderBody({ ...late, mtmNumber: 'PM-7',
      pickupDate: daysAgo(7), status: 'booking_received' }), ['id']);
    try {
      await page.getByRole('button', { name: '刷新' }).click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=late-order]').length === 2);
      expect(await list.getByTestId('late-order-link').allInnerTexts()).toEqual(['PM-7', 'PM-1']);
      // The counts are a query of their own, refreshed by the same click: they may show a render later.
      await eventually(async () => expect(await count(page, 'count-HBR-pulling_out')).toBe('2'));
    } finally {
      await env.app.db('orders').where({ id }).delete();
    }
    await closePage(page);
  });

  it('fits a 375 px screen, an area expanded', async () => {
    const page = await newPage(env.browser, env.app.url, { width: 375, height: 812 });
    await openMonitoring(page, 'team_leader');
    await page.getByTestId('area-HBR').getByRole('button').first().click();
    await page.getByTestId('late-orders').getByTestId('late-order').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'process-monitoring-mobile');
    await closePage(page);
  });

  it('shows a regional dispatcher only their own area', async () => {
    const page = await newPage(env.browser, env.app.url);
    await openMonitoring(page, 'regional_dispatcher');
    expect(await page.getByTestId('area-AIR').count()).toBe(0);
    expect(await count(page, 'total-delayed-count')).toBe('2');
    await closePage(page);
  });
});

describe('public monitoring dashboard', () => {
  it('shows the figures without signing in, and no order number (cn, light)', async () => {
    const page = await newPage(env.browser, env.app.url);
    await page.goto('/monitoring-dashboard');
    await page.getByTestId('card-totalOrders').getByText('6').waitFor();
    expect(await page.getByTestId('card-completedToday').innerText()).toContain('2');
    expect(await page.getByTestId('card-activeSuppliers').innerText()).toContain('1');
    await page.getByTestId('supplier-table').getByText('北方物流 North Freight').waitFor();
    await page.getByTestId('section-reports').locator('.recharts-surface').first().waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(/PM-\d|DN-PM/);
    await screenshot(page, 'monitoring-dashboard-cn-light');
    // The menu links to its section.
    await page.getByTestId('nav-analytics').click();
    await page.waitForFunction(() => {
      const box = document.querySelector('[data-testid=section-analytics]')?.getBoundingClientRect();
      return window.scrollY > 0 && box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
    });
    await closePage(page);
  });

  it('switches to English and the dark theme on its own app bar', async () => {
    const page = await newPage(env.browser, env.app.url);
    await page.goto('/monitoring-dashboard');
    await page.getByTestId('card-totalOrders').waitFor();
    await chooseLanguage(page, 'English');
    await page.getByText('Completed today').waitFor();
    await page.getByTestId('theme-switch').click();
    await page.getByTestId('theme-dark').click();
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 20, 23)');
    await page.getByText('Completion rate this week').waitFor();
    await page.getByTestId('section-order_status').locator('.recharts-surface').first().waitFor();
    await screenshot(page, 'monitoring-dashboard-en-dark');
    await closePage(page);
  });

  it('asks again on the refresh button only, never by itself', async () => {
    const page = await newPage(env.browser, env.app.url);
    let asked = 0;
    // Routing also keeps the browser's HTTP cache out of the way.
    await page.route('**/api/public/monitoring/overview', (route) => { asked += 1; return route.continue(); });
    await page.clock.install();
    await page.goto('/monitoring-dashboard');
    await page.getByTestId('card-totalOrders').getByText('6').waitFor();
    expect(asked).toBe(1);
    await page.clock.fastForward('05:00');
    // A round trip through the page's task queue: a request its timers started has been reported.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(asked).toBe(1);
    // The answer is awaited, not the button: it may not have turned disabled yet when first looked at.
    const answered = page.waitForResponse('**/api/public/monitoring/overview');
    await page.getByTestId('refresh').click();
    await answered;
    await page.waitForFunction(() => !document.querySelector('[data-testid=refresh]:disabled'));
    expect(asked).toBe(2);
    await closePage(page);
  });

  it('fits a 375 px screen', async () => {
    const page = await newPage(env.browser, env.app.url, { width: 375, height: 812 });
    await page.goto('/monitoring-dashboard');
    await page.getByTestId('card-totalOrders').getByText('6').waitFor();
    await page.getByTestId('section-reports').locator('.recharts-surface').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'monitoring-dashboard-mobile');
    await closePage(page);
  });
});
