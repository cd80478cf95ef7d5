import type { Page } from 'playwright-core';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { closePage, expectCount, newPage, openInApp, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { fillDate } from '../helpers/dateFields';
import { eventually } from '../helpers/eventually';

// A list's selection belongs to its filter, search and sort; "select all N matching" is checked
// again by the server when the bulk call is made (DESIGN §14, docs/undo.md#selections).
const env = useAppInBrowser();

let admin: HttpClient;
const refs = { warehouse: 0, area: 0, leader: 0 };

beforeAll(async () => {
  admin = await signedInAs(env.app.url, 'admin');
  refs.warehouse = (await admin.create('/api/warehouses', { code: 'SEL-DC', name: '选择仓 Selection DC' })).id;
  refs.area = (await admin.create('/api/delivery-areas', { code: 'SEL-A', name: '选择区域 Selection area' })).id;
  refs.leader = (await env.app.db('users').where({ username: 'team_leader' }).first('id')).id;
});

/** `count` orders `<prefix>-001`… in `status`, by one INSERT; their ids. */
async function orders(prefix: string, count: number, status: string): Promise<number[]> {
  const { rows } = await env.app.db.raw(`
    insert into orders (mtm_number, dn_number, pickup_warehouse_id, delivery_area_id, assigned_user_id,
      pickup_date, mos_date, status, completion_date)
    select ? || lpad(g::text, 3, '0'), 'DN-' || ? || g, ?, ?, ?, '2026-11-20', '2026-11-25', ?,
      case when ? = 'completed' then '2026-11-26T10:00:00Z'::timestamptz end
    from generate_series(1, ?) g returning id`,
  [`${prefix}-`, prefix, refs.warehouse, refs.area, refs.leader, status, status, count]);
  return rows.map((row: { id: number }) => row.id);
}

const ordersPath = (filter: object, perPage = 25) =>
  `/orders?filter=${encodeURIComponent(JSON.stringify(filter))}&perPage=${perPage}`;
const rows = (page: Page) => page.locator('tbody tr');
const headerBox = (page: Page) => page.locator('thead input[type=checkbox]');

/** Nothing selected any more: no "N items selected" and the header's box not ticked, once the list shows `rowText`. */
async function expectNoSelection(page: Page, selected: string, rowText: string) {
  await rows(page).filter({ hasText: rowText }).first().waitFor();
  await expectCount(page.getByText(selected), 0);
  await eventually(async () => expect(await headerBox(page).isChecked()).toBe(false));
}

/** Ticks the 50 rows of the page by the header's box, and waits for the toolbar to say so. */
async function tickPage(page: Page) {
  await expectCount(rows(page), 50);
  await headerBox(page).check();
  await page.getByText('50 items selected').waitFor();
}

describe('a list\'s selection belongs to its filter, search and sort', () => {
  it('the order list: paging keeps the selection; a change of filter, search or sort clears it (en)', async () => {
    await orders('SELA-DONE', 60, 'completed');
    await orders('SELA-OFF', 3, 'cancelled');
    const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900 });
    await signIn(page, 'manager', { path: ordersPath({ q: 'SELA-', status: ['completed'] }, 50), language: 'en' });
    await tickPage(page);

    // Paging keeps it (react-admin's own rule): page 2 and back, still 50.
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await expectCount(rows(page), 10);
    await page.getByText('50 items selected').waitFor();
    await page.getByRole('button', { name: 'Go to page 1' }).click();
    await expectCount(rows(page), 50);
    expect(await headerBox(page).isChecked()).toBe(true);

    // The status filter: cancelled instead of completed. The bulk actions toolbar lies over the
    // filters (react-admin's), so the keyboard reaches them, as a link or a saved filter changes them.
    await page.locator('.ra-input-status [role=combobox]').focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
    await page.getByRole('option', { name: 'Completed', exact: true }).click();
    await page.keyboard.press('Escape');
    await expectCount(rows(page), 3);
    await expectNoSelection(page, '50 items selected', 'SELA-OFF-001');
    await screenshot(page, 'selection-cleared-by-filter-en');
    // The header's box now ticks the rows shown, not 50 more.
    await headerBox(page).check();
    await page.getByText('3 items selected').waitFor();

    // The search.
    await openInApp(page, ordersPath({ q: 'SELA-', status: ['completed'] }, 50));
    await expectNoSelection(page, '3 items selected', 'SELA-DONE-060');
    await tickPage(page);
    await page.locator('input[name=q]').fill('SELA-DONE-00');
    await expectCount(rows(page), 9);
    await expectNoSelection(page, '50 items selected', 'SELA-DONE-009');

    // The sort.
    await page.locator('input[name=q]').fill('SELA-DONE');
    await expectCount(rows(page), 50);
    await tickPage(page);
    await page.locator('thead').getByText('MTM number', { exact: true }).click();
    await eventually(async () => expect(new URL(page.url()).searchParams.get('sort')).toBe('mtmNumber'));
    await expectNoSelection(page, '50 items selected', 'SELA-DONE');
    await closePage(page);
  });

  it('a selection left on the list and met again under another filter (a link, a saved filter) is gone', async () => {
    await orders('SELR', 5, 'booking_received');
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: ordersPath({ q: 'SELR-' }), language: 'en' });
    await expectCount(rows(page), 5);
    await headerBox(page).check();
    await page.getByText('5 items selected').waitFor();
    await openInApp(page, '/');
    await openInApp(page, ordersPath({ q: 'SELR-00' }));
    await expectNoSelection(page, '5 items selected', 'SELR-005');
    // The same filter again finds the selection as it was left.
    await headerBox(page).check();
    await openInApp(page, '/');
    await openInApp(page, ordersPath({ q: 'SELR-00' }));
    await page.getByText('5 items selected').waitFor();
    await closePage(page);
  });
});

describe('"select all N matching" is checked again when the bulk call is made', () => {
  it('the order list\'s bulk edit is refused when another person stepped one of the orders back (en)', async () => {
    const ids = await orders('SELB', 30, 'completed');
    const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900 });
    await signIn(page, 'manager', { path: ordersPath({ q: 'SELB-', status: ['completed'] }), language: 'en' });
    await expectCount(rows(page), 25);
    await headerBox(page).check();
    await page.getByRole('button', { name: 'Select all', exact: true }).click();
    await page.getByText('30 items selected').waitFor();

    // Meanwhile an administrator steps SELB-007 back: the filter finds 29 now.
    const back = await admin.post(`/api/orders/${ids[6]}/transitions`, { to: 'awaiting_pod_upload' });
    expect(back.status).toBe(200);

    const requests: unknown[] = [];
    page.on('request', (request) => { if (request.url().endsWith('/api/orders/bulk-edit')) requests.push(request.postDataJSON()); });
    await page.getByTestId('bulk-edit').click();
    const dialog = page.getByTestId('bulk-edit-dialog');
    await dialog.locator('input[name="edit.notes"]').check();
    await dialog.locator('textarea[name="notes"]').fill('Selected under a filter');
    await page.getByTestId('bulk-edit-save').click();
    await page.getByTestId('bulk-edit-refusal')
      .getByText('The records matching the filter have changed (30 selected, 29 now): select again. Nothing was changed.').waitFor();
    await screenshot(page, 'selection-changed-bulk-edit-en', { fullPage: false });
    expect(requests).toEqual([expect.objectContaining({ matching: { filter: { q: 'SELB-', status: ['completed'] }, count: 30 } })]);
    expect(await dialog.locator('textarea[name="notes"]').inputValue()).toBe('Selected under a filter');
    expect(Number((await env.app.db('orders').whereIn('id', ids).whereNotNull('notes').count({ n: '*' }))[0].n)).toBe(0);

    // A row unticked by hand: the selection is its ids alone, and the edit goes through.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await rows(page).first().locator('input[type=checkbox]').uncheck();
    await page.getByText('29 items selected').waitFor();
    await page.getByTestId('bulk-edit').click();
    await dialog.locator('input[name="edit.notes"]').check();
    await dialog.locator('textarea[name="notes"]').fill('Chosen by hand');
    await page.getByTestId('bulk-edit-save').click();
    await page.getByTestId('toast').getByText('29 orders updated').waitFor();
    expect(requests[1]).not.toHaveProperty('matching');
    await closePage(page);
  });

  it('the batch completion date is refused when another person stepped one of the orders back (cn)', async () => {
    const ids = await orders('SELC', 4, 'completed');
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: `/batch-modification?filter=${encodeURIComponent(JSON.stringify({ q: 'SELC-' }))}`, language: 'cn' });
    await expectCount(rows(page), 4);
    await page.getByTestId('select-all-results').click();
    await page.getByText('已选择 4 个订单').waitFor();

    const back = await admin.post(`/api/orders/${ids[1]}/transitions`, { to: 'awaiting_pod_upload' });
    expect(back.status).toBe(200);

    await page.getByTestId('open-batch-dialog').click();
    const dialog = page.getByTestId('batch-dialog');
    await fillDate(dialog, 'completionDate', '2026-12-30T09:00');
    await dialog.getByTestId('batch-confirm').click();
    await dialog.getByTestId('batch-refusal')
      .getByText('符合筛选条件的记录已变化（选择时 4 条，现在 3 条），请重新选择。没有任何更改。').waitFor();
    await screenshot(page, 'selection-changed-batch-cn', { fullPage: false });
    const dates = await env.app.db('orders').whereIn('id', ids).whereNot({ id: ids[1] }).select('completionDate');
    expect(dates.map((o) => new Date(o.completionDate).toISOString())).toEqual(Array(3).fill('2026-11-26T10:00:00.000Z'));
    await closePage(page);
  });
});
