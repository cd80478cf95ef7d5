import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { MAIN_FLOW } from '@kernel/orders/statusFlow';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { chooseLanguage, closePage, expectAbsent, expectCount, newPage, openInApp, screenshot, SCREENSHOTS_WANTED, signIn, useAppInBrowser } from '../helpers/browser';
import { fillDate } from '../helpers/dateFields';
import { eventually } from '../helpers/eventually';
import { createOrder, type OrderFields } from '../helpers/orders';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { DEMO_USERS, demoUserName } from '../../seeds/demo';

const env = useAppInBrowser();

let admin: HttpClient;
const refs = { warehouse: 0, area: 0, supplier: 0, vehicleType: 0, leader: 0 };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'orders-e2e-'));

beforeAll(async () => {
  admin = await signedInAs(env.app.url, 'admin');
  const created = async (url: string, body: object) => (await admin.create(url, body)).id;
  refs.warehouse = await created('/api/warehouses', { code: 'SH-DC1', name: '上海一号仓 Shanghai DC1' });
  refs.area = await created('/api/delivery-areas', { code: 'SH-PD', name: '上海浦东 Pudong' });
  refs.supplier = await created('/api/suppliers', { name: '顺丰物流 SF Express', ...SUPPLIER_CONTACT });
  refs.vehicleType = await created('/api/vehicle-types', { code: 'T5', name: '5 吨厢式货车 5 t box truck' });
  refs.leader = (await env.app.db('users').where({ username: 'team_leader' }).first()).id;
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Types into a react-admin AutocompleteInput and picks the option holding `text`. */
async function pick(page: Page, source: string, search: string, text: RegExp) {
  const input = page.locator(`.ra-input-${source} input`);
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: text }).click();
}

/** A full-page screenshot from the top with nothing focused, so it shows the app bar and no focus ring. */
async function screenshotFromTop(page: Page, name: string) {
  if (!SCREENSHOTS_WANTED) return;
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await screenshot(page, name);
}
const toast = (page: Page, text: string) => page.locator('.MuiSnackbar-root').getByText(text).first().waitFor();
const headerStatus = (page: Page) => page.getByTestId('order-progress').getAttribute('data-status');

/** An order created through the API, moved along the main flow to `status` through the transitions call. */
async function orderAt(status: (typeof MAIN_FLOW)[number], overrides: Partial<OrderFields> = {}) {
  const order = await createOrder(admin, { pickupWarehouseId: refs.warehouse, deliveryAreaId: refs.area, assignedUserId: refs.leader,
    supplierId: refs.supplier, ...overrides });
  for (const to of MAIN_FLOW.slice(1, MAIN_FLOW.indexOf(status) + 1)) {
    if (to === 'completed') {
      await env.app.db('orderAttachments').insert({ orderId: order.id, kind: 'pod', fileName: 'pod.pdf',
        contentType: 'application/pdf', size: 5, content: Buffer.from('%PDF-') });
    }
    const moved = await admin.post(`/api/orders/${order.id}/transitions`, { to });
    if (moved.status !== 200) throw new Error(`${to}: ${moved.status} ${JSON.stringify(moved.body)}`);
  }
  return order;
}

const SEED_MESSAGES = {
  cn: ['MTM 号为必填项', 'DN 号为必填项', '仓库为必填项', '负责人为必填项', '配送区域为必填项', '提货日期为必填项', 'MOS 日期为必填项'],
  en: ['MTM number is required', 'DN number is required', 'Warehouse is required', 'Assigned user is required',
    'Delivery area is required', 'Pickup date is required', 'MOS date is required'],
};

let orderId = 0;

describe('a new order, then its whole flow on the detail page (admin, cn, light)', () => {
  it('shows the customer\'s messages for an empty form in Chinese and English, then saves and opens the detail', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: '/orders' });
    await page.getByTestId('empty-list').getByText('还没有订单').waitFor();
    await page.getByTestId('empty-list').getByRole('link', { name: '新建订单' }).click();
    await page.waitForURL((url) => url.pathname === '/new-order');
    await page.locator('input[name=mtmNumber]').waitFor();
    await page.getByRole('button', { name: '保存' }).click();
    for (const message of SEED_MESSAGES.cn) await page.getByText(message, { exact: true }).waitFor();
    await expectCount(page.locator('.MuiFormHelperText-root.Mui-error'), SEED_MESSAGES.cn.length);

    await chooseLanguage(page, 'English');
    await page.getByRole('button', { name: 'Save' }).click();
    for (const message of SEED_MESSAGES.en) await page.getByText(message, { exact: true }).waitFor();
    await chooseLanguage(page, '中文');

    await page.locator('input[name=mtmNumber]').fill('MTM-2026-0001');
    await page.locator('input[name=dnNumber]').fill('DN-88001');
    await pick(page, 'pickupWarehouseId', 'DC1', /上海一号仓/);
    await pick(page, 'assignedUserId', DEMO_USERS.team_leader.firstName, new RegExp(demoUserName('team_leader')));
    await pick(page, 'deliveryAreaId', '浦东', /上海浦东/);
    await pick(page, 'supplierId', '顺丰', /顺丰物流/);
    await fillDate(page, 'pickupDate', '2026-11-20');
    await fillDate(page, 'mosDate', '2026-11-25');
    await pick(page, 'vehicleTypeId', 'T5', /5 吨厢式货车/);
    await page.locator('textarea[name=notes]').fill('易碎品，请轻放');
    await expectCount(page.locator('.MuiFormHelperText-root.Mui-error'), 0);
    await screenshot(page, 'orders-new-cn-light');

    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL((url) => /^\/orders\/\d+$/.test(url.pathname));
    orderId = Number(new URL(page.url()).pathname.split('/')[2]);
    // The toast says which order was created and links to it.
    const created = page.getByTestId('toast').filter({ hasText: '订单已创建' });
    expect(await created.innerText()).toContain('MTM 号 MTM-2026-0001，DN 号 DN-88001');
    expect(await created.getByTestId('toast-link').getAttribute('href')).toBe(`/orders/${orderId}`);
    expect(await env.app.db('orders').where({ id: orderId }).first()).toMatchObject({
      mtmNumber: 'MTM-2026-0001', dnNumber: 'DN-88001', pickupWarehouseId: refs.warehouse, deliveryAreaId: refs.area,
      assignedUserId: refs.leader, supplierId: refs.supplier, vehicleTypeId: refs.vehicleType, notes: '易碎品，请轻放',
      status: 'booking_received',
    });
    const details = page.getByTestId('order-details');
    await details.getByText('上海一号仓 Shanghai DC1').waitFor();
    await details.getByText('顺丰物流 SF Express').waitFor();
    expect(await details.innerText()).toContain(demoUserName('team_leader'));
    await closePage(page);
  });

  it('refuses a duplicate DN number on the field, in Chinese', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: '/new-order' });
    await page.locator('input[name=mtmNumber]').fill('MTM-2026-0002');
    await page.locator('input[name=dnNumber]').fill('DN-88001');
    await pick(page, 'pickupWarehouseId', 'DC1', /上海一号仓/);
    await pick(page, 'assignedUserId', DEMO_USERS.team_leader.firstName, new RegExp(demoUserName('team_leader')));
    await pick(page, 'deliveryAreaId', '浦东', /上海浦东/);
    await fillDate(page, 'pickupDate', '2026-11-20');
    await fillDate(page, 'mosDate', '2026-11-25');
    await page.getByRole('button', { name: '保存' }).click();
    await page.locator('.ra-input-dnNumber').getByText('已有订单使用该 DN 号').waitFor();
    expect(new URL(page.url()).pathname).toBe('/new-order');
    await closePage(page);
  });

  it('moves the order step by step, asks for a POD before completing, then completes it', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: `/orders/${orderId}` });
    await page.getByTestId('transition-buttons').waitFor();
    for (const to of MAIN_FLOW.slice(1, MAIN_FLOW.indexOf('awaiting_pod_upload') + 1)) {
      await page.getByTestId(`transition-${to}`).click();
      const dialog = page.getByTestId('transition-dialog');
      if (to === 'in_transit') await dialog.locator('textarea[name=note]').fill('司机已出发');
      await dialog.getByTestId('transition-confirm').click();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction((status) => document.querySelector('[data-testid=order-progress]')?.getAttribute('data-status') === status, to);
    }
    expect(await headerStatus(page)).toBe('awaiting_pod_upload');
    // Only the legal moves are offered: forward, one step back (admin), cancel.
    const offered = await page.getByTestId('transition-buttons').locator('button').evaluateAll(
      (buttons) => buttons.map((b) => b.getAttribute('data-testid')));
    expect(offered).toEqual(['transition-completed', 'transition-awaiting_delivery', 'transition-cancelled']);

    await page.getByTestId('transition-completed').click();
    await page.getByTestId('transition-confirm').click();
    expect(await page.getByTestId('transition-error').innerText()).toBe('请先上传签收单（POD），再完成订单');
    await page.getByTestId('transition-dialog').getByRole('button', { name: '取消' }).click();

    const pod = path.join(tmp, 'pod-88001.pdf');
    fs.writeFileSync(pod, '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    await page.getByTestId('attachment-file').setInputFiles(pod);
    await page.getByTestId('attachment-submit').click();
    await page.getByTestId('attachment').filter({ hasText: 'pod-88001.pdf' }).waitFor();

    const notPdf = path.join(tmp, 'receipt.pdf');
    fs.writeFileSync(notPdf, 'just text pretending to be a PDF');
    await page.getByTestId('attachment-file').setInputFiles(notPdf);
    await page.getByTestId('attachment-submit').click();
    expect(await page.getByTestId('attachment-error').innerText()).toBe('仅接受 PDF、JPEG 和 PNG 文件（按文件内容而非文件名检查）');

    await page.getByTestId('transition-completed').click();
    await page.getByTestId('transition-confirm').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=order-progress]')?.getAttribute('data-status') === 'completed');
    const saved = await env.app.db('orders').where({ id: orderId }).first();
    expect(saved.completionDate).not.toBeNull();
    await page.waitForFunction(() => /20\d\d/.test(document.querySelector('[data-testid=order-completion-date]')?.textContent ?? ''));

    // The timeline reloads after the status: wait for the completion's entry.
    await page.waitForFunction((count) => document.querySelectorAll('[data-testid=timeline-entry]').length === count,
      MAIN_FLOW.length);
    const timeline = page.getByTestId('timeline-entry');
    expect(await timeline.first().innerText()).toContain('创建订单');
    expect(await timeline.nth(5).innerText()).toContain('司机已出发');
    expect(await timeline.last().innerText()).toContain(demoUserName('admin'));
    const done = await page.getByTestId('order-progress').locator('[data-done]').evaluateAll(
      (steps) => steps.map((s) => s.getAttribute('data-done')));
    // A completed order has every step done; the missing receipt is noted on step 9.
    expect(done).toEqual(Array(10).fill('true'));
    expect(await page.getByTestId('step-hint').innerText()).toBe('未上传回单');
    // Completed: an administrator may only step it back.
    expect(await page.getByTestId('transition-buttons').locator('button').evaluateAll(
      (buttons) => buttons.map((b) => b.getAttribute('data-testid')))).toEqual(['transition-awaiting_pod_upload']);

    const receipt = path.join(tmp, 'receipt-88001.png');
    fs.writeFileSync(receipt, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
    await page.locator('.MuiSelect-select', { hasText: '签收单（POD）' }).click();
    await page.getByRole('option', { name: '回单' }).click();
    await page.getByTestId('attachment-file').setInputFiles(receipt);
    await page.getByTestId('attachment-submit').click();
    await page.getByTestId('attachment').filter({ hasText: 'receipt-88001.png' }).waitFor();
    await page.getByTestId('step-hint').waitFor({ state: 'detached' });
    // The picture without the upload's notice, which hides itself after 5 s.
    if (SCREENSHOTS_WANTED) await page.locator('.MuiSnackbar-root').waitFor({ state: 'detached', timeout: 10_000 });
    await screenshotFromTop(page, 'orders-detail-cn-light');
    await closePage(page);
  });

  it('shows a stale edit as a conflict and keeps the other change', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: `/orders/${orderId}` });
    await page.getByTestId('order-edit').click();
    await page.locator('textarea[name=notes]').fill('我的修改');
    const { body: current } = await admin.get(`/api/orders/${orderId}`);
    expect((await admin.put(`/api/orders/${orderId}`, { notes: '别人的修改', version: current.version })).status).toBe(200);
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByTestId('stale-save').getByText('该记录已被他人修改，请刷新后重新修改。').waitFor();
    expect((await env.app.db('orders').where({ id: orderId }).first()).notes).toBe('别人的修改');
    await closePage(page);
  });
});

describe('a biller (orders without new_order)', () => {
  it('reads the list and an order, and prints, without create, edit, delete, status or attachment buttons', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'biller', { path: '/orders' });
    await page.locator('tbody tr', { hasText: 'MTM-2026-0001' }).waitFor();
    // The toolbar is there (its export), and yet without a create button.
    await expectAbsent(page.getByRole('link', { name: '新建订单' }), page.getByTestId('export-csv'));
    // Printing is their one bulk action: no edit, status change, assignment or deletion.
    const first = page.locator('tbody tr', { hasText: 'MTM-2026-0001' });
    await first.locator('input[type=checkbox]').check();
    await expectAbsent(page.getByTestId('bulk-edit'), page.getByTestId('bulk-print'));
    await first.locator('input[type=checkbox]').uncheck();

    await page.locator('tbody tr', { hasText: 'MTM-2026-0001' }).locator('td').nth(2).click();
    await page.waitForURL((url) => url.pathname === `/orders/${orderId}`);
    await page.getByTestId('order-details').getByText('上海一号仓 Shanghai DC1').waitFor();
    await page.getByTestId('attachment').filter({ hasText: 'receipt-88001.png' }).waitFor();
    const rendered = page.getByTestId('timeline-entry');
    await expectAbsent(page.getByTestId('order-edit'), rendered);
    await expectAbsent(page.getByTestId('order-transitions'), rendered);
    await expectAbsent(page.locator('[data-testid^=transition-]'), rendered);
    await expectAbsent(page.getByTestId('attachment-upload'), rendered);
    await expectAbsent(page.getByTestId('order-attachments').getByRole('button', { name: '删除' }), rendered);
    // The files still download.
    expect(await page.getByTestId('attachment').filter({ hasText: 'pod-88001.pdf' }).getByRole('link').getAttribute('href'))
      .toMatch(new RegExp(`^/api/orders/${orderId}/attachments/\\d+$`));
    expect(await page.getByText('Permission Denied').count()).toBe(0);
    await screenshotFromTop(page, 'orders-detail-biller-cn-light');

    await openInApp(page, '/new-order');
    await page.getByTestId('access-denied').waitFor();
    await closePage(page);
  });
});

describe('the order list (admin)', () => {
  it('filters by status, saves the filter as a preset, and exports the filtered CSV', async () => {
    await orderAt('booking_received', { mtmNumber: 'MTM-LIST-A' });
    await orderAt('in_transit', { mtmNumber: 'MTM-LIST-B' });
    await orderAt('awaiting_delivery', { mtmNumber: 'MTM-LIST-C' });
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: '/orders' });
    await page.locator('tbody tr').first().waitFor();
    await expectCount(page.locator('tbody tr'), 4);
    expect(await page.locator('tbody tr', { hasText: 'MTM-LIST-B' }).getByTestId('order-status-chip').innerText()).toBe('运输中');

    await page.locator('.ra-input-status [role=combobox]').click();
    await page.getByRole('option', { name: '运输中', exact: true }).click();
    await page.getByRole('option', { name: '已完成', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 2);
    const shown = await page.locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(shown.sort()).toEqual(['MTM-2026-0001', 'MTM-LIST-B']);
    expect(JSON.parse(new URL(page.url()).searchParams.get('filter')!)).toEqual({ status: ['in_transit', 'completed'] });
    await screenshot(page, 'orders-list-cn-light');

    const href = await page.getByTestId('export-csv').getAttribute('href');
    expect(href).toContain('locale=cn');
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    const text = await csv.text();
    expect(text).toContain('MTM 号');
    expect(text).toContain('MTM-LIST-B');
    expect(text).not.toContain('MTM-LIST-A');

    await page.getByTestId('saved-filters').click();
    await page.getByRole('menuitem', { name: '保存当前筛选…' }).click();
    await page.locator('input[name=presetName]').fill('在途与完成');
    await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
    await toast(page, '筛选“在途与完成”已保存');
    await openInApp(page, '/orders?filter=%7B%7D');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 4);
    await page.getByTestId('saved-filters').click();
    await page.getByTestId('saved-filter').filter({ hasText: '在途与完成' }).click();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 2);

    await page.getByTestId('saved-filters').click();
    await page.getByTestId('saved-filter').filter({ hasText: '在途与完成' }).getByRole('button').click();
    await page.getByRole('dialog').getByText('确定删除常用筛选“在途与完成”吗？').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await toast(page, '筛选“在途与完成”已删除');
    expect(Number((await env.app.db('savedFilters').count({ n: '*' }))[0].n)).toBe(0);
    await closePage(page);
  });

  it('moves several orders at once, only to a status legal for all, and reports the outcome', async () => {
    const a = await orderAt('booking_received', { mtmNumber: 'MTM-BULK-A' });
    const b = await orderAt('booking_received', { mtmNumber: 'MTM-BULK-B' });
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: `/orders?filter=${encodeURIComponent(JSON.stringify({ q: 'MTM-BULK' }))}` });
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 2);
    await page.locator('thead input[type=checkbox]').check();
    await page.getByTestId('bulk-status').click();
    const dialog = page.getByTestId('bulk-status-dialog');
    await dialog.locator('[role=combobox]').click();
    const options = await page.getByRole('option').allInnerTexts();
    expect(options).toEqual(['待供应商确认', '已取消']);
    await page.getByRole('option', { name: '待供应商确认' }).click();
    await dialog.getByRole('button', { name: '确认' }).click();
    await toast(page, '2 个订单已改为“待供应商确认”，0 个失败');
    const rows = await env.app.db('orders').whereIn('id', [a.id, b.id]).select('status');
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['awaiting_supplier_confirmation', 'awaiting_supplier_confirmation']);
    await closePage(page);
  });
});

describe('a regional dispatcher', () => {
  it('lists only the orders of their areas and reads names without the master-data pages', async () => {
    const elsewhere = (await admin.post('/api/delivery-areas', { code: 'SZ-NS', name: '深圳南山 Nanshan' })).body.id;
    await orderAt('booking_received', { mtmNumber: 'MTM-SHENZHEN', deliveryAreaId: elsewhere });
    const dispatcher = await env.app.db('users').where({ username: 'regional_dispatcher' }).first();
    await env.app.db('userDeliveryAreas').insert({ userId: dispatcher.id, deliveryAreaId: refs.area });
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'regional_dispatcher', { path: `/orders?filter=${encodeURIComponent(JSON.stringify({ q: 'MTM-' }))}` });
    await page.locator('tbody tr', { hasText: 'MTM-LIST-A' }).getByText('上海浦东 Pudong').waitFor();
    expect(await page.locator('tbody tr', { hasText: 'MTM-SHENZHEN' }).count()).toBe(0);
    await page.locator('tbody tr', { hasText: 'MTM-LIST-A' }).locator('td').nth(2).click();
    await page.getByTestId('order-details').getByText('上海一号仓 Shanghai DC1').waitFor();
    // A dispatcher may not step back: only forward and cancel.
    expect(await page.getByTestId('transition-buttons').locator('button').evaluateAll(
      (buttons) => buttons.map((b) => b.getAttribute('data-testid'))))
      .toEqual(['transition-awaiting_supplier_confirmation', 'transition-cancelled']);
    expect(await page.getByText('Permission Denied').count()).toBe(0);
    await closePage(page);
  });
});

describe('the order screens in English, dark', () => {
  it('shows the list, the detail and the new-order form', async () => {
    const page = await newPage(env.browser, env.app.url, { colorScheme: 'dark' });
    await signIn(page, 'admin', { path: '/orders', language: 'en' });
    await page.locator('tbody tr', { hasText: 'MTM-LIST-B' }).getByText('In transit').waitFor();
    await screenshot(page, 'orders-list-en-dark');

    await page.locator('tbody tr', { hasText: 'MTM-LIST-B' }).locator('td').nth(2).click();
    await page.waitForURL((url) => /^\/orders\/\d+$/.test(url.pathname));
    await page.getByTestId('transition-awaiting_delivery').waitFor();
    await page.getByTestId('timeline-entry').nth(5).waitFor();
    await screenshotFromTop(page, 'orders-detail-en-dark');

    const broken = await orderAt('in_transit', { mtmNumber: 'MTM-BREAKDOWN' });
    await admin.post(`/api/orders/${broken.id}/transitions`, { to: 'vehicle_breakdown', note: 'Flat tyre on the G2' });
    await page.goto(`/orders/${broken.id}`);
    expect(await page.getByTestId('order-progress-flag').innerText()).toBe('Vehicle breakdown');
    await page.getByTestId('transition-in_transit').waitFor();
    await screenshotFromTop(page, 'orders-detail-breakdown-en-dark');

    const stopped = await orderAt('vehicle_arrived_warehouse', { mtmNumber: 'MTM-CANCELLED' });
    await admin.post(`/api/orders/${stopped.id}/transitions`, { to: 'cancelled' });
    await page.goto(`/orders/${stopped.id}`);
    expect(await page.getByTestId('order-progress-flag').innerText()).toBe('Cancelled');
    const done = await page.getByTestId('order-progress').locator('[data-done]').evaluateAll(
      (steps) => steps.map((step) => step.getAttribute('data-done') === 'true'));
    expect(done).toEqual([true, true, true, true, false, false, false, false, false, false]);
    await page.getByText('No further status change is possible.').waitFor();

    await openInApp(page, '/new-order');
    await page.getByRole('button', { name: 'Save' }).click();
    for (const message of SEED_MESSAGES.en) await page.getByText(message, { exact: true }).waitFor();
    await screenshot(page, 'orders-new-en-dark');
    await closePage(page);
  });
});

describe('the order list opened at its address', () => {
  /** The API calls `page` makes, as path and query, from now on. */
  const apiCalls = (page: Page) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) calls.push(decodeURIComponent(url.pathname + url.search));
    });
    return calls;
  };
  const named = (calls: string[], start: string) => calls.filter((call) => call.startsWith(start));

  it('shows its rows, asking who is signed in, the page check and the first page once each', async () => {
    await orderAt('booking_received', { mtmNumber: 'MTM-OPENED' });
    const page = await newPage(env.browser, env.app.url);
    const calls = apiCalls(page);
    await signIn(page, 'team_leader', { path: '/orders' });
    await page.locator('tbody tr', { hasText: 'MTM-OPENED' }).waitFor();
    // Asked once the rows are there: every call of the list's first screen has gone out by then.
    await eventually(async () => expect(named(calls, '/api/saved-filters')).toHaveLength(1));
    expect(calls.filter((call) => call === '/api/user')).toHaveLength(1);
    expect(named(calls, '/api/can-access-page?pageKey=orders')).toHaveLength(1);
    expect(named(calls, '/api/orders?')).toHaveLength(1);
    await closePage(page);
  });

  it('signed out, goes to the sign-in page without asking for the page or its orders', async () => {
    const page = await newPage(env.browser, env.app.url);
    const calls = apiCalls(page);
    await page.goto('/orders');
    await page.getByTestId('login-form').waitFor();
    expect(named(calls, '/api/can-access-page')).toEqual([]);
    expect(named(calls, '/api/orders')).toEqual([]);
    await closePage(page);
  });

  it('refused the orders page, shows the access-denied screen and never asks for the orders', async () => {
    const director = (await env.app.db('users').where({ username: 'director' }).first()).id;
    // `users` is every override there is: the others are sent as they are.
    const { body: matrix } = await admin.get('/api/permissions');
    const others = matrix.users.filter((user: { userId: number }) => user.userId !== director);
    expect((await admin.put('/api/permissions', { users: [...others, { userId: director, grants: [], denials: ['orders'] }] })).status)
      .toBe(200);
    try {
      const page = await newPage(env.browser, env.app.url);
      const calls = apiCalls(page);
      await signIn(page, 'director', { path: '/orders' });
      await page.getByTestId('access-denied').waitFor();
      expect(named(calls, '/api/can-access-page?pageKey=orders')).toHaveLength(1);
      expect(named(calls, '/api/orders')).toEqual([]);
      await closePage(page);
    } finally {
      expect((await admin.put('/api/permissions', { users: matrix.users })).status).toBe(200);
    }
  });
});
