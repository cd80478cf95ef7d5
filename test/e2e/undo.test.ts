import type { Page } from 'playwright-core';
import type { HttpClient } from '../helpers/httpClient';
import { orderMaker } from '../helpers/orderReferences';
import { closePage, newPage, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { eventually } from '../helpers/eventually';

// Undo (docs/undo.md): the toast's Undo after a bulk delete of orders, "Undo this action" in the
// activity log, and a refused undo saying which records changed since; both languages, 1440 px and phone.
const env = useAppInBrowser();

let admin: HttpClient;
let newOrder: Awaited<ReturnType<typeof orderMaker>>['newOrder'];

beforeAll(async () => {
  ({ admin, newOrder } = await orderMaker(env.app, 'UNDO', '撤销 Undo'));
});

const row = (page: Page, text: string) => page.locator('tbody tr', { hasText: text });
const live = (ids: number[]) => env.app.db('orders').whereIn('id', ids).whereNull('deletedAt');

/** The completed orders `mtms`, their completion date set by the batch call: its action id. */
async function batchDated(mtms: string[]): Promise<{ ids: number[]; actionId: string }> {
  const ids = [];
  for (const mtm of mtms) ids.push((await newOrder(mtm)).id);
  await env.app.db('orders').whereIn('id', ids).update({ status: 'completed', completionDate: new Date('2026-11-26T10:00:00Z') });
  const answer = await admin.post('/api/orders/batch-completion-date', { ids, completionDate: '2026-11-27T09:00:00Z' });
  if (answer.status !== 200) throw new Error(`batch: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { ids, actionId: answer.body.actionId };
}

/** The activity log opened at one action's entry, the entry expanded. */
async function openEntry(page: Page, actionId: string, language: 'cn' | 'en', label: RegExp) {
  const filter = encodeURIComponent(JSON.stringify({ actionId, grouped: true }));
  await signIn(page, 'admin', { path: `/activity-logs?filter=${filter}`, language });
  await page.locator('tbody tr', { hasText: label }).first().click();
  await page.getByTestId('undo-action').click();
  return page.getByTestId('undo-dialog');
}

describe('undo', () => {
  it.each([
    { language: 'cn' as const, width: 1440, moved: '3 条记录已移至回收站', restored: '已恢复 3 条记录', undo: '撤销' },
    { language: 'en' as const, width: 1440, moved: '3 records moved to the trash', restored: '3 records restored', undo: 'Undo' },
  ])('brings back the orders of a bulk delete from the toast ($language, $width px)', async ({ language, width, moved, restored, undo }) => {
    const ids: number[] = [];
    for (const n of [1, 2, 3]) ids.push((await newOrder(`MTM-UNDO-${language}-${n}`)).id);
    const page = await newPage(env.browser, env.app.url, { width, height: 860 });
    await signIn(page, 'admin', { path: `/orders?filter=${encodeURIComponent(JSON.stringify({ q: `MTM-UNDO-${language}` }))}`, language });
    for (const n of [1, 2, 3]) await row(page, `MTM-UNDO-${language}-${n}`).locator('input[type=checkbox]').check();
    await page.getByRole('button', { name: language === 'cn' ? '删除' : 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: language === 'cn' ? '确认' : 'Confirm' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText(moved).waitFor();
    await eventually(async () => expect(await live(ids)).toHaveLength(0));
    await screenshot(page, `undo-toast-${language}-${width}`, { fullPage: false });
    expect(await toast.getByTestId('toast-undo').innerText()).toContain(undo);
    await toast.getByTestId('toast-undo').click();
    await page.getByTestId('toast').getByText(restored).waitFor();
    await row(page, `MTM-UNDO-${language}-3`).waitFor();
    expect(await live(ids)).toHaveLength(3);
    const undoRows = await env.app.db('activityLogs').where({ action: 'undo' }).whereIn('entityId', ids.map(String));
    expect(undoRows).toHaveLength(3);
    await closePage(page);
  });

  it('brings back a warehouse deleted from its edit page on a phone, from the toast (en, 390 px)', async () => {
    const warehouse = await admin.create('/api/warehouses', { code: 'UNDO-PH', name: 'Undo phone DC' });
    const page = await newPage(env.browser, env.app.url, { width: 390, height: 844 });
    await signIn(page, 'admin', { path: `/warehouses/${warehouse.id}`, language: 'en' });
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Moved to the trash').waitFor();
    await screenshot(page, 'undo-toast-en-390', { fullPage: false });
    await toast.getByTestId('toast-undo').click();
    await page.getByTestId('toast').getByText('Restored').waitFor();
    expect(await env.app.db('warehouses').where({ id: warehouse.id }).first()).toMatchObject({ deletedAt: null });
    await closePage(page);
  });

  it.each([
    { language: 'en' as const, width: 1440, label: /Batch update/, summary: 'The 2 records of "Batch update" go back', done: 'Undone: 2 records put back' },
    { language: 'cn' as const, width: 390, label: /批量修改/, summary: '“批量修改”涉及的 2 条记录将恢复', done: '已撤销，2 条记录已恢复原状' },
  ])('undoes a batch completion date from the activity log ($language, $width px)', async ({ language, width, label, summary, done }) => {
    const { ids, actionId } = await batchDated([`MTM-LOG-${language}-1`, `MTM-LOG-${language}-2`]);
    const page = await newPage(env.browser, env.app.url, { width, height: 860 });
    const dialog = await openEntry(page, actionId, language, label);
    await dialog.getByTestId('undo-summary').getByText(summary, { exact: false }).waitFor();
    await screenshot(page, `undo-dialog-${language}-${width}`, { fullPage: false });
    await dialog.getByTestId('undo-confirm').click();
    await page.getByTestId('toast').getByText(done).waitFor();
    const dates = await env.app.db('orders').whereIn('id', ids).select('completionDate');
    expect(dates.map((o) => new Date(o.completionDate).toISOString())).toEqual(Array(2).fill('2026-11-26T10:00:00.000Z'));
    await closePage(page);
  });

  it.each([
    { language: 'cn' as const, label: /批量修改/, why: '未撤销：以下记录在此后已被修改：MTM-REFUSED-cn-2。没有任何更改。' },
    { language: 'en' as const, label: /Batch update/, why: 'Not undone: these records were changed since: MTM-REFUSED-en-2. Nothing was changed.' },
  ])('says why an undo is refused: a record changed since ($language)', async ({ language, label, why }) => {
    const { ids, actionId } = await batchDated([`MTM-REFUSED-${language}-1`, `MTM-REFUSED-${language}-2`]);
    expect((await admin.put(`/api/orders/${ids[1]}`, { notes: 'edited meanwhile' })).status).toBe(200);
    // In the dark theme: the refusal must read as well there.
    const page = await newPage(env.browser, env.app.url, { width: 1440, height: 860, colorScheme: 'dark' });
    const dialog = await openEntry(page, actionId, language, label);
    await dialog.getByTestId('undo-refusal').getByText(why).waitFor();
    expect(await dialog.getByTestId('undo-confirm').isDisabled()).toBe(true);
    await screenshot(page, `undo-refused-${language}-1440-dark`, { fullPage: false });
    await closePage(page);
  });

  it.each([
    { language: 'cn' as const, status: '待供应商确认', confirm: '确认', title: '未撤销：2 条记录不能恢复，没有任何更改。',
      reason: '（状态）：当前状态不允许这一变更' },
    { language: 'en' as const, status: 'Awaiting supplier confirmation', confirm: 'Confirm',
      title: 'Not undone: 2 records cannot go back. Nothing was changed.', reason: ' (Status): This status change is not allowed from the current status' },
  ])('says each order a rule keeps from going back: a team leader\'s status move undone from the toast ($language)',
    async ({ language, status, confirm, title, reason }) => {
      const ids: number[] = [];
      for (const n of [1, 2]) ids.push((await newOrder(`MTM-BACK-${language}-${n}`)).id);
      const page = await newPage(env.browser, env.app.url, { width: 1440, height: 860 });
      await signIn(page, 'team_leader', { path: `/orders?filter=${encodeURIComponent(JSON.stringify({ q: `MTM-BACK-${language}` }))}`, language });
      await page.locator('tbody tr').nth(1).waitFor();
      await page.locator('thead input[type=checkbox]').check();
      await page.getByTestId('bulk-status').click();
      const dialog = page.getByTestId('bulk-status-dialog');
      await dialog.getByRole('combobox').click();
      await page.getByRole('option', { name: status, exact: true }).click();
      await dialog.getByRole('button', { name: confirm }).click();
      await page.getByTestId('toast').getByTestId('toast-undo').click();
      // Only admins and managers step an order back: each order says so, nothing went back.
      const refusal = page.getByTestId('toast').filter({ hasText: title });
      for (const n of [1, 2]) await refusal.getByText(`MTM-BACK-${language}-${n}${reason}`).waitFor();
      await screenshot(page, `undo-refused-toast-${language}-1440`, { fullPage: false });
      expect((await env.app.db('orders').whereIn('id', ids).select('status')).map((o) => o.status))
        .toEqual(['awaiting_supplier_confirmation', 'awaiting_supplier_confirmation']);
      await closePage(page);
    });

  it('says in the activity log why an order\'s edit cannot be undone: its earlier delivery area is in the trash (en)', async () => {
    const order = await newOrder('MTM-GONE-1');
    const { deliveryAreaId } = (await admin.get(`/api/orders/${order.id}`)).body;
    const area = await admin.create('/api/delivery-areas', { code: 'UNDO-GONE', name: 'Gone area' });
    expect((await admin.put(`/api/orders/${order.id}`, { deliveryAreaId: area.id })).status).toBe(200);
    expect((await admin.put(`/api/orders/${order.id}`, { deliveryAreaId })).status).toBe(200);
    expect((await admin.delete(`/api/delivery-areas/${area.id}`)).status).toBe(200);
    // The last edit's undo would put the order back in the area now in the trash.
    const { actionId } = await env.app.db('activityLogs').where({ action: 'update', entityType: 'order', entityId: String(order.id) })
      .orderBy('id', 'desc').first('actionId');
    const page = await newPage(env.browser, env.app.url, { width: 1440, height: 860 });
    const dialog = await openEntry(page, actionId, 'en', /Update/);
    const refusal = dialog.getByTestId('undo-refusal');
    await refusal.getByText('Not undone: 1 record cannot go back. Nothing was changed.').waitFor();
    await refusal.getByTestId('undo-refused-records').getByText('MTM-GONE-1 (Delivery area): The chosen record no longer exists').waitFor();
    expect(await dialog.getByTestId('undo-confirm').isDisabled()).toBe(true);
    await screenshot(page, 'undo-refused-dialog-en-1440', { fullPage: false });
    await closePage(page);
  });

  it('puts an earlier name of a warehouse back from its History, saved as an edit (en, 1440 px)', async () => {
    const warehouse = await admin.create('/api/warehouses', { code: 'UNDO-HIS', name: 'First name DC' });
    expect((await admin.put(`/api/warehouses/${warehouse.id}`, { name: 'Second name DC' })).status).toBe(200);
    const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900 });
    await signIn(page, 'admin', { path: `/warehouses/${warehouse.id}`, language: 'en' });
    await page.getByTestId('history-panel').getByText('History').click();
    await page.getByTestId('history-entry').filter({ hasText: 'Update' }).click();
    await page.getByTestId('history-before').click();
    const compare = page.getByTestId('history-compare');
    await compare.getByText('First name DC').waitFor();
    await compare.getByText('Second name DC').waitFor();
    await screenshot(page, 'history-compare-en-1440', { fullPage: true });
    await compare.getByTestId('history-put-back').click();
    await eventually(async () => expect(await page.locator('input[name=name]').inputValue()).toBe('First name DC'));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/warehouses');
    expect(await env.app.db('warehouses').where({ id: warehouse.id }).first()).toMatchObject({ name: 'First name DC', version: 3 });
    await closePage(page);
  });

  it('puts an order\'s earlier notes back from the History of its detail page (cn, 390 px)', async () => {
    const order = await newOrder('MTM-HISTORY');
    expect((await admin.put(`/api/orders/${order.id}`, { notes: '新的备注 new notes' })).status).toBe(200);
    const page = await newPage(env.browser, env.app.url, { width: 390, height: 844 });
    await signIn(page, 'admin', { path: `/orders/${order.id}`, language: 'cn' });
    const history = page.getByTestId('order-history');
    await history.getByTestId('history-entry').filter({ hasText: '修改' }).click();
    await history.getByTestId('history-before').click();
    await history.getByTestId('history-put-back').click();
    await eventually(async () => expect(await page.locator('textarea[name=notes]').first().inputValue()).toBe(''));
    await screenshot(page, 'history-put-back-cn-390', { fullPage: true });
    await page.getByRole('button', { name: '保存' }).click();
    await eventually(async () => expect((await env.app.db('orders').where({ id: order.id }).first()).notes).toBeNull());
    await closePage(page);
  });
});
