import type { Page } from 'playwright-core';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { closePage, expectAbsent, expectCount, newPage, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { fillDate } from '../helpers/dateFields';
import { eventually } from '../helpers/eventually';

// The order list's "Edit selected" (docs/order-status-flow.md#bulk-edit).
const env = useAppInBrowser();

let admin: HttpClient;
const refs = { warehouse: 0, area: 0, otherArea: 0, oldType: 0, newType: 0, leader: 0 };

beforeAll(async () => {
  admin = await signedInAs(env.app.url, 'admin');
  const create = async (path: string, body: object) => (await admin.create(path, body)).id;
  refs.warehouse = await create('/api/warehouses', { code: 'BE-DC', name: '批量仓 Bulk DC' });
  refs.area = await create('/api/delivery-areas', { code: 'BE-A', name: '原区域 First area' });
  refs.otherArea = await create('/api/delivery-areas', { code: 'BE-B', name: '新区域 Second area' });
  refs.oldType = await create('/api/vehicle-types', { code: 'BE-T3', name: '3 吨车 3 t truck' });
  refs.newType = await create('/api/vehicle-types', { code: 'BE-T8', name: '8 吨车 8 t truck' });
  refs.leader = (await env.app.db('users').where({ username: 'team_leader' }).first('id')).id;
});

/** `count` orders `<prefix>-001`…, by one INSERT, of the test's area and the old vehicle type. */
async function orders(prefix: string, count: number, status = 'booking_received'): Promise<number[]> {
  const { rows } = await env.app.db.raw(`
    insert into orders (mtm_number, dn_number, pickup_warehouse_id, delivery_area_id, assigned_user_id, vehicle_type_id,
      pickup_date, mos_date, status, completion_date)
    select ? || lpad(g::text, 3, '0'), 'DN-' || ? || g, ?, ?, ?, ?, '2026-11-20', '2026-11-25', ?,
      case when ? = 'completed' then '2026-11-26T10:00:00Z'::timestamptz end
    from generate_series(1, ?) g returning id`,
  [`${prefix}-`, prefix, refs.warehouse, refs.area, refs.leader, refs.oldType, status, status, count]);
  return rows.map((row: { id: number }) => row.id);
}

const listOf = (query: string) => `/orders?filter=${encodeURIComponent(JSON.stringify({ q: query }))}`;
const rows = (page: Page) => page.locator('tbody tr');
const dialog = (page: Page) => page.getByTestId('bulk-edit-dialog');
const toast = (page: Page, text: string) => page.locator('.MuiSnackbar-root').getByText(text).first().waitFor();

/** Ticks a field of the dialog by its checkbox's name (keyboard: Space on the focused box). */
const tick = (page: Page, field: string) => dialog(page).locator(`input[name="edit.${field}"]`).check();

/** Picks a record in one of the dialog's pickers by typing part of its name. */
async function pick(page: Page, field: string, typed: string, option: RegExp) {
  const input = dialog(page).locator(`.ra-input-${field} input`);
  await input.fill(typed);
  // The search answers after the typing: the list holds the one record then.
  await expectCount(page.getByRole('option'), 1);
  await page.getByRole('option', { name: option }).click();
  await eventually(async () => expect(await input.inputValue()).toMatch(option));
}

describe('bulk edit on the order list', () => {
  it('a manager selects 200 orders, sets their vehicle type and area in one request, and sees the toast and the new values (cn)', async () => {
    const ids = await orders('BULK', 200);
    const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900 });
    await signIn(page, 'manager', { path: listOf('BULK-') });
    await expectCount(rows(page), 25);
    await page.locator('thead input[type=checkbox]').check();
    await page.getByRole('button', { name: '全选' }).click();
    await page.getByText('已选择 200 项').or(page.getByText(/200/).first()).first().waitFor();
    await page.getByTestId('bulk-edit').click();
    await dialog(page).getByText('编辑选中的 200 个订单').waitFor();
    await dialog(page).getByText('请至少勾选一个要修改的字段').waitFor();
    expect(await page.getByTestId('bulk-edit-save').isDisabled()).toBe(true);

    await tick(page, 'vehicleTypeId');
    await pick(page, 'vehicleTypeId', 'BE-T8', /BE-T8/);
    await tick(page, 'deliveryAreaId');
    await pick(page, 'deliveryAreaId', 'BE-B', /BE-B/);
    await dialog(page).getByText('将修改 200 个订单').waitFor();
    await screenshot(page, 'bulk-edit-dialog-cn-1440');

    const requests: string[] = [];
    page.on('request', (request) => { if (request.url().includes('/api/orders/bulk-edit')) requests.push(request.method()); });
    await page.getByTestId('bulk-edit-save').click();
    await toast(page, '已更新 200 个订单');
    // The pointer on the toast holds it (MUI pauses its 10 s while hovered) until the edit is checked and undone.
    await page.getByTestId('toast-undo').hover();
    await dialog(page).waitFor({ state: 'detached' });
    expect(requests).toEqual(['POST']);
    await rows(page).first().getByText('新区域 Second area').waitFor();
    await expectCount(rows(page).filter({ hasText: '原区域 First area' }), 0);

    const saved = await env.app.db('orders').whereIn('id', ids).select('vehicleTypeId', 'deliveryAreaId', 'version');
    expect(new Set(saved.map((o) => `${o.vehicleTypeId}/${o.deliveryAreaId}/${o.version}`))).toEqual(
      new Set([`${refs.newType}/${refs.otherArea}/2`]));
    const logs = await env.app.db('activityLogs').where({ action: 'bulk_edit' }).whereIn('entityId', ids.map(String));
    expect(logs).toHaveLength(200);
    expect(new Set(logs.map((log) => log.actionId)).size).toBe(1);

    // Undo from the toast: all 200 back as they were, in one request, with the undo's own log rows.
    await page.getByTestId('toast-undo').click();
    await toast(page, '已撤销');
    await rows(page).first().getByText('原区域 First area').waitFor();
    const undone = await env.app.db('orders').whereIn('id', ids).select('vehicleTypeId', 'deliveryAreaId', 'version');
    expect(new Set(undone.map((o) => `${o.vehicleTypeId}/${o.deliveryAreaId}/${o.version}`))).toEqual(
      new Set([`${refs.oldType}/${refs.area}/3`]));
    expect(Number((await env.app.db('activityLogs').where({ action: 'undo' }).whereIn('entityId', ids.map(String)).count({ n: '*' }))[0].n)).toBe(200);
    await closePage(page);
  });

  it('shows the refusal in the dialog, in English, keeping its values; the keyboard ticks and fills a field', async () => {
    await orders('MIX', 2);
    await orders('MIX-DONE', 1, 'completed');
    const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900, colorScheme: 'dark' });
    await signIn(page, 'manager', { path: listOf('MIX-'), language: 'en' });
    await expectCount(rows(page), 3);
    await page.locator('thead input[type=checkbox]').check();
    await page.getByTestId('bulk-edit').click();
    await dialog(page).getByText('Edit 3 selected orders').waitFor();

    // Keyboard: Space ticks the focused box, which hands the focus to its input.
    await dialog(page).locator('input[name="edit.notes"]').focus();
    await page.keyboard.press('Space');
    await eventually(async () => expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('notes'));
    await page.keyboard.type('Moved to Monday');
    await tick(page, 'mosDate');
    await fillDate(dialog(page), 'mosDate', '2026-11-28');
    await dialog(page).getByText('3 orders will change').waitFor();
    await page.getByTestId('bulk-edit-save').click();

    const refusal = page.getByTestId('bulk-edit-refusal');
    await refusal.getByText('Some orders cannot take this change, so no order was changed: MIX-DONE-001').waitFor();
    await page.getByTestId('bulk-edit-refusal-mosDate').getByText('Completed orders keep their dates: MIX-DONE-001').waitFor();
    expect(await dialog(page).locator('textarea[name="notes"]').inputValue()).toBe('Moved to Monday');
    expect(await dialog(page).locator('input[name="edit.mosDate"]').isChecked()).toBe(true);
    await screenshot(page, 'bulk-edit-refusal-en-dark-1440');
    expect(await env.app.db('orders').where({ notes: 'Moved to Monday' }).first()).toBeUndefined();

    // Without the date, the rest goes through.
    await dialog(page).locator('input[name="edit.mosDate"]').uncheck();
    await page.getByTestId('bulk-edit-save').click();
    await toast(page, '3 orders updated');
    expect(Number((await env.app.db('orders').where({ notes: 'Moved to Monday' }).count({ n: '*' }))[0].n)).toBe(3);
    await closePage(page);
  });

  // An upright phone lists one order per row; "Select" turns them into ticks for the bulk actions.
  it.each([
    ['cn', 'light', { select: '选择', hint: '点按记录即可勾选', done: '完成', two: '已选择 2 项', refused: '提货日期：已完成的订单不能修改日期：UP-cn-DONE-001' }],
    ['en', 'dark', { select: 'Select', hint: 'Tap records to select them', done: 'Done', two: '2 items selected', refused: 'Pickup date: Completed orders keep their dates: UP-en-DONE-001' }],
  ] as const)('on an upright phone, "Select" ticks orders to print and edit them together (%s, %s)', async (language, colorScheme, texts) => {
    await orders(`UP-${language}`, 2);
    await orders(`UP-${language}-DONE`, 1, 'completed');
    const page = await newPage(env.browser, env.app.url, { width: 390, height: 844, colorScheme });
    await signIn(page, 'manager', { path: listOf(`UP-${language}-`), language });
    const card = (mtm: string) => page.locator('li.MuiListItem-root', { hasText: mtm });
    await card(`UP-${language}-001`).waitFor();
    await expectAbsent(page.getByRole('checkbox'), card(`UP-${language}-001`));

    await page.getByTestId('phone-select').filter({ hasText: texts.select }).click();
    await page.getByText(texts.hint).waitFor();
    await screenshot(page, `bulk-select-phone-start-${language}-${colorScheme}`);
    await card(`UP-${language}-001`).click();
    await card(`UP-${language}-002`).click();
    await page.getByText(texts.two).waitFor();
    expect(new URL(page.url()).pathname).toBe('/orders');
    expect(await card(`UP-${language}-001`).getByRole('checkbox').isChecked()).toBe(true);
    expect(await card(`UP-${language}-DONE-001`).getByRole('checkbox').isChecked()).toBe(false);
    const bar = await page.locator('.RaBulkActionsToolbar-toolbar').boundingBox();
    expect(bar!.x + bar!.width).toBeLessThanOrEqual(390);
    await screenshot(page, `bulk-select-phone-${language}-${colorScheme}`);

    await page.getByTestId('bulk-print').click();
    await expectCount(page.getByTestId('print-dialog').getByTestId('print-order-row'), 2);
    await page.keyboard.press('Escape');
    await expectAbsent(page.getByTestId('print-dialog'), card(`UP-${language}-001`));

    await card(`UP-${language}-DONE-001`).click();
    await page.getByTestId('bulk-edit').click();
    await tick(page, 'pickupDate');
    await fillDate(dialog(page), 'pickupDate', '2026-11-21');
    await page.getByTestId('bulk-edit-save').click();
    await page.getByTestId('bulk-edit-refusal-pickupDate').getByText(texts.refused, { exact: true }).waitFor();
    await screenshot(page, `bulk-edit-refusal-phone-${language}-${colorScheme}`);
    await dialog(page).getByRole('button', { name: language === 'cn' ? '取消' : 'Cancel' }).click();

    // Done: the ticks go, and a tap opens the order again.
    await page.getByTestId('phone-select').filter({ hasText: texts.done }).click();
    await expectAbsent(page.getByRole('checkbox'), card(`UP-${language}-001`));
    await card(`UP-${language}-001`).click();
    await page.waitForURL(/\/orders\/\d+/);
    await closePage(page);
  });

  it.each([['cn', '2026-11-21', '将修改 2 个订单', '已更新 2 个订单'], ['en', '2026-11-22', '2 orders will change', '2 orders updated']] as const)(
    'fits a phone on its side (%s)', async (language, pickupDate, willChange, updated) => {
      await orders(`SIDE-${language}`, 2);
      const page = await newPage(env.browser, env.app.url, { width: 844, height: 390 });
      await signIn(page, 'manager', { path: listOf(`SIDE-${language}-`), language });
      await expectCount(rows(page), 2);
      await page.locator('thead input[type=checkbox]').check();
      await page.getByTestId('bulk-edit').click();
      await tick(page, 'pickupDate');
      await fillDate(dialog(page), 'pickupDate', pickupDate);
      await dialog(page).getByText(willChange).waitFor();
      // The dialog takes the screen, and nothing in it is wider than the screen.
      const fit = await dialog(page).locator('.MuiDialog-paper').evaluate((paper) => ({
        width: paper.getBoundingClientRect().width, overflow: paper.scrollWidth - paper.clientWidth }));
      expect(fit).toEqual({ width: 844, overflow: 0 });
      await screenshot(page, `bulk-edit-dialog-${language}-phone-landscape`);
      await page.getByTestId('bulk-edit-save').click();
      await toast(page, updated);
      await closePage(page);
    });
});
