import type { Page } from 'playwright-core';
import type { HttpClient } from '../helpers/httpClient';
import { orderMaker } from '../helpers/orderReferences';
import type { Role } from '@kernel/users/roles';
import { closePage, expectAbsent, expectCount, newPage, openInApp, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { demoUserName } from '../../seeds/demo';

// Live updates (docs/live-updates.md): what one person changes, another sees without reloading.
const env = useAppInBrowser();

let admin: HttpClient;
let newOrder: Awaited<ReturnType<typeof orderMaker>>['newOrder'];

beforeAll(async () => {
  ({ admin, newOrder } = await orderMaker(env.app, 'LV', '实时 Live'));
});

const row = (page: Page, text: string) => page.locator('tbody tr', { hasText: text });

/**
 * Signs in onto `path` and waits until the page's event stream listens (the server answers once it
 * does): a change made before that shows only on a refetch, which is not what is tested.
 */
async function signInListening(page: Page, role: Role, path: string) {
  const listening = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
  await signIn(page, role, { path });
  await listening;
}

describe('live updates', () => {
  it('shows a team leader\'s open order list each change the admin makes, without a reload', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signInListening(page, 'team_leader', '/orders');
    await page.waitForURL((url) => url.pathname === '/orders');
    let loads = 0;
    page.on('load', () => { loads += 1; });

    const order = await newOrder('MTM-LIVE-1');
    await row(page, 'MTM-LIVE-1').waitFor();

    const edited = await admin.put(`/api/orders/${order.id}`, { ...order, mtmNumber: 'MTM-LIVE-1B' });
    expect(edited.status).toBe(200);
    await row(page, 'MTM-LIVE-1B').waitFor();

    expect((await admin.post(`/api/orders/${order.id}/transitions`, { to: 'awaiting_supplier_confirmation' })).status).toBe(200);
    await row(page, 'MTM-LIVE-1B').getByText('待供应商确认').waitFor();
    await screenshot(page, 'live-list-cn-light', { fullPage: false });

    expect((await admin.delete(`/api/orders/${order.id}`)).status).toBe(200);
    await row(page, 'MTM-LIVE-1B').waitFor({ state: 'detached' });
    expect((await admin.post(`/api/trash/order/${order.id}/restore`)).status).toBe(200);
    await row(page, 'MTM-LIVE-1B').waitFor();
    expect(loads).toBe(0);
    await closePage(page);
  });

  it('two browsers, two people: what the admin does on screen, the team leader sees at once', async () => {
    const order = await newOrder('MTM-2B-1');
    const watcher = await newPage(env.browser, env.app.url);
    await signInListening(watcher, 'team_leader', '/orders');
    await row(watcher, 'MTM-2B-1').waitFor();
    let loads = 0;
    watcher.on('load', () => { loads += 1; });
    const actor = await newPage(env.browser, env.app.url);
    await signIn(actor, 'admin', { path: `/orders/${order.id}` });

    await actor.getByTestId('order-edit').click();
    await actor.locator('input[name=mtmNumber]').fill('MTM-2B-1B');
    await actor.getByRole('button', { name: '保存' }).click();
    await row(watcher, 'MTM-2B-1B').waitFor();

    await actor.getByTestId('transition-awaiting_supplier_confirmation').click();
    await actor.getByTestId('transition-dialog').getByTestId('transition-confirm').click();
    await row(watcher, 'MTM-2B-1B').getByText('待供应商确认').waitFor();

    await actor.goto('/orders');
    await row(actor, 'MTM-2B-1B').locator('input[type=checkbox]').check();
    await actor.getByRole('button', { name: '删除' }).click();
    await actor.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await row(watcher, 'MTM-2B-1B').waitFor({ state: 'detached' });

    await actor.goto('/trash');
    await actor.getByTestId(`restore-order:${order.id}`).click();
    await row(watcher, 'MTM-2B-1B').waitFor();
    expect(loads).toBe(0);
    await closePage(watcher);
    await closePage(actor);
  });

  it('shows a person\'s save in one tab on their other tab, and not as news in the tab that saved', async () => {
    const order = await newOrder('MTM-TABS-1');
    const list = await newPage(env.browser, env.app.url);
    await signInListening(list, 'team_leader', '/orders');
    await row(list, 'MTM-TABS-1').waitFor();
    // A second tab of the same browser: the same session, its own tab id.
    const editor = await list.context().newPage();
    await editor.goto(`/orders/${order.id}`);
    await editor.getByTestId('order-edit').click();
    await editor.locator('input[name=mtmNumber]').fill('MTM-TABS-1B');
    await editor.getByRole('button', { name: '保存' }).click();
    await editor.getByTestId('page-title').getByText('MTM-TABS-1B').waitFor();
    await row(list, 'MTM-TABS-1B').waitFor();
    await expectAbsent(editor.getByTestId('live-record-notice'), editor.getByTestId('page-title').getByText('MTM-TABS-1B'));
    await closePage(list);
  });

  it('updates an order detail on screen, and tells a person editing it who changed it before they save', async () => {
    const order = await newOrder('MTM-LIVE-2');
    const page = await newPage(env.browser, env.app.url);
    await signInListening(page, 'team_leader', `/orders/${order.id}`);
    const progress = page.getByTestId('order-progress');
    await progress.and(page.locator('[data-status=booking_received]')).waitFor();

    // Only shown: the detail follows the change.
    expect((await admin.post(`/api/orders/${order.id}/transitions`, { to: 'awaiting_supplier_confirmation' })).status).toBe(200);
    await progress.and(page.locator('[data-status=awaiting_supplier_confirmation]')).waitFor();

    // Being edited: the form says who changed it, at once.
    await page.getByTestId('order-edit').click();
    const { body: current } = await admin.get(`/api/orders/${order.id}`);
    expect((await admin.put(`/api/orders/${order.id}`, { ...current, notes: '改了备注' })).status).toBe(200);
    const notice = page.getByTestId('live-record-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain(`${demoUserName('admin')} 于`);
    await screenshot(page, 'live-edit-notice-cn-light', { fullPage: false });
    // Compare: each field as it was opened and as it is now.
    await notice.getByRole('button', { name: '比较' }).click();
    const compared = page.getByTestId('live-compare');
    await compared.getByText('改了备注').waitFor();
    await expectCount(compared.locator('tbody tr'), 1);
    await screenshot(page, 'live-compare-cn-light', { fullPage: false });
    await compared.getByRole('button', { name: '关闭' }).click();
    await compared.waitFor({ state: 'detached' });
    await notice.getByRole('button', { name: '重新加载' }).click();
    await notice.waitFor({ state: 'detached' });
    await closePage(page);
  });

  it('shows on the order detail a change made while it was being edited, once the editing is cancelled', async () => {
    const order = await newOrder('MTM-LIVE-5');
    const page = await newPage(env.browser, env.app.url);
    await signInListening(page, 'team_leader', `/orders/${order.id}`);
    await page.getByTestId('order-edit').click();
    // What the change makes stale is refetched (its timeline among them), but not the record being edited.
    const refetched = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/orders/${order.id}/events`);
    expect((await admin.put(`/api/orders/${order.id}`, { notes: '编辑时别人写的备注', version: order.version })).status).toBe(200);
    await page.getByTestId('live-record-notice').waitFor();
    await refetched;
    const details = page.getByTestId('order-details');
    await details.getByRole('button', { name: '取消' }).click();
    await details.getByText('编辑时别人写的备注').waitFor();
    await closePage(page);
  });

  it('shows a renamed delivery area by its new name in the order list, without a reload, to a team leader without the areas page', async () => {
    await newOrder('MTM-LIVE-4');
    const page = await newPage(env.browser, env.app.url);
    await signInListening(page, 'team_leader', '/orders');
    await row(page, 'MTM-LIVE-4').getByText('实时 Live area').waitFor();
    const area = await env.app.db('deliveryAreas').where({ code: 'LV-A' }).first();
    expect((await admin.put(`/api/delivery-areas/${area.id}`, { version: area.version, name: '改名的区域 Renamed area' })).status).toBe(200);
    // The list names it as the order form's picker does (delivery-area-options): what the change makes stale.
    await row(page, 'MTM-LIVE-4').getByText('改名的区域 Renamed area').waitFor();
    await closePage(page);
  });

  it('opens a record changed since it was last shown as it is now, not as it was when shown', async () => {
    const order = await newOrder('MTM-LIVE-3');
    const page = await newPage(env.browser, env.app.url);
    await signInListening(page, 'team_leader', `/orders/${order.id}`);
    const progress = page.getByTestId('order-progress');
    await progress.and(page.locator('[data-status=booking_received]')).waitFor();
    await openInApp(page, '/orders');
    await row(page, 'MTM-LIVE-3').waitFor();

    // Changed while the list is on screen: the list reads it again (and react-admin fills its
    // cache of single records from the list's rows, keeping the ones it has).
    expect((await admin.post(`/api/orders/${order.id}/transitions`, { to: 'awaiting_supplier_confirmation' })).status).toBe(200);
    await row(page, 'MTM-LIVE-3').getByText('待供应商确认').waitFor();
    await openInApp(page, `/orders/${order.id}`);
    await progress.and(page.locator('[data-status=awaiting_supplier_confirmation]')).waitFor();
    await closePage(page);
  });
});

describe('live updates on the translation dialog', () => {
  it('tells the person editing an entry who changed it meanwhile, and keeps their form as it was', async () => {
    const { body: entry } = await admin.post('/api/translations', { namespace: 'livetest', key: 'greeting', zh: '你好', en: 'Hello' });
    const page = await newPage(env.browser, env.app.url);
    await signInListening(page, 'manager', `/translations?filter=${encodeURIComponent(JSON.stringify({ namespace: 'livetest' }))}`);
    await page.locator('tbody tr', { hasText: 'greeting' }).click();
    const dialog = page.getByTestId('translation-edit');
    const zh = dialog.locator('textarea[name=zh]');
    await zh.waitFor();
    await zh.fill('您好');
    expect((await admin.put(`/api/translations/${entry.id}`, { ...entry, en: 'Hello there' })).status).toBe(200);
    await dialog.getByTestId('live-record-notice').waitFor();
    // Held: the form still has the person's text and the version it was opened with.
    expect(await zh.inputValue()).toBe('您好');
    await closePage(page);
  });
});
