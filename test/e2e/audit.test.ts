import type { Page } from 'playwright-core';
import { type HttpClient, signedInAs } from '../helpers/httpClient';
import { chooseLanguage, closePage, expectAbsent, expectCount, menuLinks, newPage, openInApp, screenshot, selectOption, signIn, useAppInBrowser } from '../helpers/browser';
import { fillDate } from '../helpers/dateFields';
import { orderMaker } from '../helpers/orderReferences';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { demoUserName } from '../../seeds/demo';

const env = useAppInBrowser();

let admin: HttpClient;
beforeAll(async () => { admin = await signedInAs(env.app.url, 'admin'); });

/** The toast saying `text`, and the wait for it to show. */
const toastSaying = (page: Page, text: string) => page.locator('.MuiSnackbar-root').getByText(text).first();
const toast = (page: Page, text: string) => toastSaying(page, text).waitFor();

/** A supplier created and deleted through the API, waiting in the trash. */
async function deletedSupplier(name: string) {
  const { body: supplier } = await admin.post('/api/suppliers', { ...SUPPLIER_CONTACT, name, contactPerson: 'Zhou Yu' });
  expect((await admin.delete(`/api/suppliers/${supplier.id}`)).status).toBe(200);
  return supplier as { id: number; name: string };
}

const liveSupplier = (id: number) => env.app.db('suppliers').where({ id }).whereNull('deletedAt').first();

/** The supplier list shows the record again (searched by name, so the page size does not matter). */
async function seeInSupplierList(page: Page, name: string) {
  await openInApp(page, `/suppliers?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`);
  await page.locator('tbody tr', { hasText: name }).first().waitFor();
}

describe('the trash', () => {
  it('restores a supplier deleted through the API (cn, light) and shows it back in the suppliers', async () => {
    const supplier = await deletedSupplier('华东快运物流');
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: '/trash' });
    const row = page.locator('tbody tr', { hasText: '华东快运物流' });
    await row.waitFor();
    expect(await row.getByTestId('type-chip').innerText()).toBe('供应商');
    expect(await row.innerText()).toContain(demoUserName('admin'));
    await expectCount(row.getByTestId(`purge-supplier:${supplier.id}`), 1);
    await screenshot(page, 'audit-trash-cn-light');

    await row.getByTestId(`restore-supplier:${supplier.id}`).click();
    await toast(page, '“华东快运物流”已恢复');
    await row.waitFor({ state: 'detached' });
    expect(await liveSupplier(supplier.id)).toMatchObject({ name: '华东快运物流', version: 3 });
    await seeInSupplierList(page, '华东快运物流');
    await closePage(page);
  });

  it('restores in English (dark) with the bulk action, and purges after a confirmation', async () => {
    const second = await deletedSupplier('Northwind Haulage');
    const third = await deletedSupplier('Southwind Haulage');
    const doomed = await deletedSupplier('Doomed Freight');
    const page = await newPage(env.browser, env.app.url, { colorScheme: 'dark' });
    await signIn(page, 'admin', { path: '/trash', language: 'en' });
    const row = page.locator('tbody tr', { hasText: 'Northwind Haulage' });
    await row.waitFor();
    expect(await row.getByTestId('type-chip').innerText()).toBe('Supplier');
    await screenshot(page, 'audit-trash-en-dark');

    await row.locator('input[type=checkbox]').check();
    await page.locator('tbody tr', { hasText: 'Southwind Haulage' }).locator('input[type=checkbox]').check();
    await page.getByTestId('bulk-restore').click();
    await toast(page, '2 records restored');
    await row.waitFor({ state: 'detached' });
    expect(await liveSupplier(second.id)).toBeDefined();
    expect(await liveSupplier(third.id)).toBeDefined();
    // One action: the toast's Undo puts both back in the trash, and one comes out again by its row's button.
    await page.getByTestId('toast').getByTestId('toast-undo').click();
    await row.waitFor();
    await page.locator('tbody tr', { hasText: 'Southwind Haulage' }).waitFor();
    expect(await liveSupplier(second.id)).toBeUndefined();
    await row.getByTestId(`restore-supplier:${second.id}`).click();
    await toast(page, '"Northwind Haulage" is restored');
    await row.waitFor({ state: 'detached' });

    const doomedRow = page.locator('tbody tr', { hasText: 'Doomed Freight' });
    await doomedRow.getByTestId(`purge-supplier:${doomed.id}`).click();
    await page.getByRole('dialog').getByText('Delete "Doomed Freight" permanently?').waitFor();
    await screenshot(page, 'audit-trash-purge-en-dark');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete permanently' }).click();
    await toast(page, '"Doomed Freight" is deleted permanently');
    await doomedRow.waitFor({ state: 'detached' });
    expect(await env.app.db('suppliers').where({ id: doomed.id }).first()).toBeUndefined();

    await seeInSupplierList(page, 'Northwind Haulage');
    await closePage(page);
  });

  it('shows the news of the last restore at once: a newer toast closes the undo toast showing (en)', async () => {
    const [first, second] = [await deletedSupplier('Early Toast Freight'), await deletedSupplier('Early Toast Cargo')];
    const last = await deletedSupplier('Late Toast Freight');
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: '/trash', language: 'en' });
    for (const { name } of [first, second]) await page.locator('tbody tr', { hasText: name }).locator('input[type=checkbox]').check();
    await page.getByTestId('bulk-restore').click();
    await toast(page, '2 records restored');
    await page.getByTestId(`restore-supplier:${last.id}`).click();
    // React-admin held a toast until the one showing ran out, here the undo toast's 10 seconds
    // (UNDO_TOAST_MS): this one came 7 to 10 seconds after its restore.
    await toastSaying(page, '"Late Toast Freight" is restored').waitFor({ timeout: 6_000 });
    await expectCount(toastSaying(page, '2 records restored'), 0);
    expect(await liveSupplier(last.id)).toBeDefined();
    await closePage(page);
  });

  it('shows the server\'s reason when a restore clashes with a live record, and keeps the row', async () => {
    const gone = await deletedSupplier('Twin Carriers');
    await admin.post('/api/suppliers', { name: 'Twin Carriers', ...SUPPLIER_CONTACT });
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'manager', { path: '/trash' });
    const row = page.locator('tbody tr', { hasText: 'Twin Carriers' });
    await row.getByTestId(`restore-supplier:${gone.id}`).click();
    await toast(page, '无法恢复：“Twin Carriers”：已有一条现有记录使用了相同的值');
    await expectCount(row, 1);
    // Purging is for administrators: a manager has no such button.
    await expectAbsent(page.getByTestId(`purge-supplier:${gone.id}`), row.getByTestId(`restore-supplier:${gone.id}`));
    await closePage(page);
  });
});

/**
 * Picks an action in the list's filter and waits until the rows show that action only. The rows
 * come first: "every chip says so" holds for a list not loaded yet, and the filter applies a
 * moment after the pick, so a click right then lands on a row of the unfiltered list.
 */
async function filterByAction(page: Page, action: string) {
  await page.locator('tbody tr').first().waitFor();
  await selectOption(page, 'action', action);
  await page.waitForFunction((text) => {
    const chips = [...document.querySelectorAll('[data-testid=action-chip]')];
    return chips.length > 0 && chips.every((chip) => chip.textContent === text);
  }, action);
}

describe('the activity log', () => {
  let supplierId: number;
  beforeAll(async () => {
    ({ body: { id: supplierId } } = await admin.post('/api/suppliers',
      { name: 'Audit Trail Co', shortName: 'ATC', ...SUPPLIER_CONTACT }));
    await admin.put(`/api/suppliers/${supplierId}`, { shortName: 'ATC-2', contactPerson: 'Lin Feng' });
  });

  it('filters by action and expands a row to its fields before and after (cn, light)', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: '/activity-logs' });
    await filterByAction(page, '修改');
    // Bulk actions stand as one entry by default (grouped).
    expect(new URL(page.url()).searchParams.get('filter')).toBe(JSON.stringify({ grouped: true, action: 'update' }));
    // The record by the name it had, not its id.
    const row = page.locator('tbody tr', { hasText: 'Audit Trail Co' }).filter({ hasText: '供应商' }).first();
    await row.click();
    const panel = page.getByTestId('changes-panel');
    await panel.waitFor();
    for (const text of ['修改前', '修改后', 'ATC', 'ATC-2', 'Lin Feng']) await panel.getByText(text, { exact: true }).first().waitFor();
    await screenshot(page, 'audit-activity-logs-cn-light');
    // Read-only: no create, delete or bulk controls.
    await expectAbsent(page.getByRole('link', { name: '新建', exact: true }), row);
    await expectAbsent(page.locator('tbody input[type=checkbox]'), row);

    // The time bounds are local in the input and instants in the filter.
    await fillDate(page, 'at_gte', '2099-01-01T08:00');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('filter')?.includes('at_gte'));
    const filter = JSON.parse(new URL(page.url()).searchParams.get('filter')!);
    expect(new Date(filter.at_gte).getTime()).toBe(new Date(2099, 0, 1, 8, 0).getTime());
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 0);
    await closePage(page);
  });

  it('shows a hidden field as changed and the permission changes by role (en, dark)', async () => {
    const { body: user } = await admin.get(`/api/users?filter=${encodeURIComponent('{"q":"team_leader"}')}`);
    await admin.post(`/api/users/${user[0].id}/reset-password`, { password: 'quiet harbour 7' });
    const page = await newPage(env.browser, env.app.url, { colorScheme: 'dark' });
    await signIn(page, 'admin', { path: '/activity-logs', language: 'en' });
    await filterByAction(page, 'Password reset');
    const row = page.locator('tbody tr').filter({ has: page.getByTestId('action-chip') }).first();
    await row.click();
    await page.getByTestId('changes-panel').getByText('changed (value not shown)').waitFor();
    await screenshot(page, 'audit-activity-logs-en-dark');

    const { body: matrix } = await admin.get('/api/permissions');
    await admin.put('/api/permissions', { roles: { team_leader: [...matrix.roles.team_leader, 'suppliers'] } });
    await page.goto(`/activity-logs?filter=${encodeURIComponent('{"entityType":"permission"}')}`);
    await page.locator('tbody tr').filter({ has: page.getByTestId('action-chip') }).first().click();
    const panel = page.getByTestId('changes-panel');
    await panel.getByText('Role: Team leader').waitFor();
    expect(await panel.innerText()).toContain('"suppliers"');
    // In Chinese the label and its value are joined by the full-width colon (app.label_value).
    await chooseLanguage(page, '中文');
    await panel.getByText('角色：组长').waitFor();
    await admin.put('/api/permissions', { roles: { team_leader: matrix.roles.team_leader } });
    await closePage(page);
  });
});

describe('the values of a change, as the form shows them (#39)', () => {
  it('reads a supplier\'s status and service areas in words and names, the names they had then (cn, 1440 px)', async () => {
    const east = await admin.create('/api/delivery-areas', { code: 'HV-E', name: '历史东区' });
    const west = await admin.create('/api/delivery-areas', { code: 'HV-W', name: '历史西区' });
    const supplier = await admin.create('/api/suppliers', { name: '历史值物流', ...SUPPLIER_CONTACT, serviceAreaIds: [east.id] });
    expect((await admin.put(`/api/suppliers/${supplier.id}`, { status: 'inactive', serviceAreaIds: [east.id, west.id] })).status).toBe(200);
    expect((await admin.put(`/api/delivery-areas/${east.id}`, { name: '历史东区（新名）' })).status).toBe(200);
    const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900 });
    await signIn(page, 'admin', { path: `/suppliers/${supplier.id}` });
    await page.getByTestId('history-panel').getByText('历史记录').click();
    await page.getByTestId('history-entry').filter({ hasText: '修改' }).click();
    await page.getByTestId('history-before').click();
    const compare = page.getByTestId('history-compare');
    const status = compare.locator('tr', { hasText: '状态' });
    await status.getByText('启用', { exact: true }).waitFor();
    await status.getByText('停用', { exact: true }).waitFor();
    const areas = compare.locator('tr', { hasText: '服务区域' });
    // Then: the area by the name it had; now: its name today, beside the other area.
    await areas.locator('td').nth(1).getByText('历史东区', { exact: true }).waitFor();
    await areas.locator('td').nth(2).getByText('历史东区（新名）', { exact: true }).waitFor();
    await areas.locator('td').nth(2).getByText('历史西区', { exact: true }).waitFor();
    expect(await compare.innerText()).not.toMatch(/active|\[/);
    await screenshot(page, 'history-values-cn-1440', { fullPage: true });
    // The creation entry shows the record as created, and offers nothing to put back.
    await page.getByTestId('history-entry').filter({ hasText: '新建' }).click();
    await compare.getByTestId('history-life').waitFor();
    await compare.getByText('历史东区', { exact: true }).waitFor();
    await expectAbsent(compare.getByTestId('history-put-back'), compare.getByTestId('history-life'));
    await closePage(page);
  });

  it('names the areas and the people of a bulk edit in its expanded row (en, dark, 1440 px)', async () => {
    const { newOrder } = await orderMaker(env.app, 'HVB', 'Bulk values');
    const ids = [(await newOrder('MTM-HVB-1')).id, (await newOrder('MTM-HVB-2')).id];
    const area = await admin.create('/api/delivery-areas', { code: 'HVB-2', name: 'Riverside values area' });
    const adminId = (await env.app.db('users').where({ username: 'admin' }).first('id')).id;
    const edit = await admin.post('/api/orders/bulk-edit', { ids, changes: { deliveryAreaId: area.id, assignedUserId: adminId } });
    expect(edit.status).toBe(200);
    const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900, colorScheme: 'dark' });
    await signIn(page, 'admin', { path: `/activity-logs?filter=${encodeURIComponent(JSON.stringify({ actionId: edit.body.actionId }))}`, language: 'en' });
    await page.locator('tbody tr', { hasText: 'MTM-HVB-1' }).first().click();
    const panel = page.getByTestId('changes-panel');
    const areaRow = panel.locator('tr', { hasText: 'Delivery area' });
    await areaRow.getByText('Bulk values area', { exact: true }).waitFor();
    await areaRow.getByText('Riverside values area', { exact: true }).waitFor();
    const owner = panel.locator('tr', { hasText: 'Assigned' });
    await owner.getByText(demoUserName('team_leader'), { exact: true }).waitFor();
    await owner.getByText(demoUserName('admin'), { exact: true }).waitFor();
    for (const cell of await panel.locator('tbody td').allInnerTexts()) expect(cell).not.toMatch(/^\d+$/);
    await screenshot(page, 'activity-log-values-en-dark-1440', { fullPage: false });
    await closePage(page);
  });
});

describe('the permissions page', () => {
  afterAll(async () => {
    const { body: matrix } = await admin.get('/api/permissions');
    await admin.put('/api/permissions', { roles: { ...matrix.roles,
      biller: matrix.roles.biller.filter((p: string) => p !== 'trash') }, users: [] });
  });

  it('gives the biller the trash from the matrix; the biller\'s menu shows it (cn, light)', async () => {
    const biller = await newPage(env.browser, env.app.url);
    await signIn(biller, 'biller');
    expect(await menuLinks(biller)).not.toContain('/trash');

    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: '/permissions' });
    const box = page.getByTestId('matrix-biller-trash');
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    expect(await page.getByTestId('matrix-manager-trash').isChecked()).toBe(true);
    expect(await page.getByTestId('matrix-manager-permissions').isDisabled()).toBe(true);
    await screenshot(page, 'audit-permissions-cn-light');

    await box.check();
    await page.getByText('未保存的修改：角色 1 个，用户 0 个').waitFor();
    await page.getByTestId('permissions-save').click();
    await page.getByRole('dialog').getByText('保存权限修改？').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
    await toast(page, '权限已保存并立即生效');
    await page.getByText('没有未保存的修改').waitFor();
    expect((await admin.get('/api/permissions')).body.roles.biller).toContain('trash');

    await biller.reload();
    await biller.getByTestId('sidebar').locator('a[href="/trash"]').waitFor();
    await biller.getByTestId('menu-/trash').click();
    await biller.getByTestId('trash-empty').or(biller.locator('tbody tr').first()).waitFor();
    await closePage(biller);
    await closePage(page);
  });

  it('denies a page to one user through an exception (en, dark)', async () => {
    const page = await newPage(env.browser, env.app.url, { colorScheme: 'dark' });
    await signIn(page, 'admin', { path: '/permissions', language: 'en' });
    await page.getByTestId('add-user').click();
    await page.getByRole('option', { name: /\(regional_dispatcher\)/ }).click();
    await page.getByTestId('denials-regional_dispatcher').click();
    await page.getByRole('option', { name: 'New order' }).click();
    await page.keyboard.press('Escape');
    await page.getByText('Unsaved changes: roles 0, users 1').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'audit-permissions-en-dark');
    await page.getByTestId('permissions-save').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Permissions saved');

    const dispatcher = await signedInAs(env.app.url, 'regional_dispatcher');
    const pages = (await dispatcher.get('/api/user-accessible-pages')).body.map((p: { pageKey: string }) => p.pageKey);
    expect(pages).not.toContain('new_order');
    expect(pages).toContain('orders');
    await closePage(page);
  });

  it('is refused to a manager', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'manager', { path: '/permissions' });
    await page.getByText('权限不足').first().waitFor();
    await expectAbsent(page.getByTestId('role-matrix'), page.getByText('权限不足'));
    await closePage(page);
  });
});

describe('an activity log of years', () => {
  it('says about how many entries past 10,000, and shows an admin its archived months (en, light; cn on a phone)', async () => {
    // A busy year in one statement: 10,050 changes, each an action of its own (each an entry of the grouped view).
    await env.app.db.raw(`insert into activity_logs (username, action, entity_type, entity_id, action_id, at)
      select 'import-bot', 'update', 'supplier', '0', gen_random_uuid(), now() - g * interval '1 minute' from generate_series(1, 10050) g`);
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: '/activity-logs', language: 'en' });
    await page.getByText(/^1-25 of about [\d,]+$/).waitFor();
    await page.getByTestId('log-archives-button').click();
    const dialog = page.getByTestId('log-archives');
    // The test app's archive folder holds no file: the empty state, not a spinner for ever.
    await dialog.getByText(/No month has been archived/i).waitFor();
    await screenshot(page, 'audit-log-archives-en-light');
    await closePage(page);

    const phone = await newPage(env.browser, env.app.url, { width: 390, height: 844 });
    await signIn(phone, 'admin', { path: '/activity-logs' });
    await phone.getByText(/共约/).first().waitFor();
    await screenshot(phone, 'audit-activity-logs-years-cn-phone');
    await closePage(phone);
  });
});
