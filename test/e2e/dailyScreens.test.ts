import { closePage, expectCount, newPage, openInApp, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { fillDate } from '../helpers/dateFields';

// Issue #22's minor findings on the daily screens, each as a person meets it.
const env = useAppInBrowser({ sampleData: true });

describe('daily screens, second pass', () => {
  it('gives a pending account no role and no shortcuts it does not have', async () => {
    const page = await newPage(env.browser, env.app.url);
    const newcomer = { username: 'li.na', password: 'Tiger-Lily-42', firstName: '娜', lastName: '李' };
    expect((await page.context().request.post('/api/register', { data: newcomer })).status()).toBe(201);
    expect((await page.context().request.post('/api/login', { data: { username: newcomer.username, password: newcomer.password } })).ok()).toBe(true);
    await page.goto('/');
    const card = page.getByTestId('user-info');
    await card.getByText('待管理员分配').waitFor();
    expect(await card.innerText()).not.toMatch(/组长|team leader/i);
    const navigation = page.getByTestId('quick-navigation');
    await navigation.getByText('您还没有可用的页面', { exact: false }).waitFor();
    expect(await navigation.innerText()).not.toContain('下方快捷入口');
    await screenshot(page, 'dashboard-pending-cn');
    await closePage(page);
  });

  it('shows Chinese placeholders in empty date fields and refuses a MOS date before the pickup date', async () => {
    const page = await newPage(env.browser, env.app.url, { width: 1440 });
    await signIn(page, 'admin', { path: '/new-order' });
    const mos = page.locator('[data-format]:has(input[name="mosDate"])');
    // An empty field shows its sections' placeholders once focused.
    await mos.getByRole('spinbutton').first().click();
    await mos.getByRole('spinbutton', { name: '年' }).or(mos.getByText('年', { exact: true })).first().waitFor();
    expect((await mos.innerText()).replace(/\s/g, '')).toContain('年/月/日');
    expect(await mos.innerText()).not.toMatch(/YYYY|MM|DD/);
    await fillDate(page, 'pickupDate', '2026-11-20');
    await fillDate(page, 'mosDate', '2026-11-18');
    await page.getByRole('button', { name: '保存' }).click();
    // The pickup date as the screens show dates in Chinese, not as stored.
    await page.getByText('MOS 日期不能早于提货日期（2026年11月20日）').waitFor();
    await screenshot(page, 'order-create-mos-before-pickup-cn');
    await closePage(page);
  });

  it('says the pickup date of a MOS date before it in the English date style (dark)', async () => {
    const page = await newPage(env.browser, env.app.url, { width: 1440, colorScheme: 'dark' });
    await signIn(page, 'admin', { path: '/new-order', language: 'en' });
    await fillDate(page, 'pickupDate', '2026-11-20');
    await fillDate(page, 'mosDate', '2026-11-18');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The MOS date cannot be before the pickup date (Nov 20, 2026)').waitFor();
    await screenshot(page, 'order-create-mos-before-pickup-en-dark');
    await closePage(page);
  });

  it('stacks the 10 steps on a phone and marks only the current one', async () => {
    const { id } = await env.app.db('orders').where({ status: 'awaiting_pod_upload' }).whereNull('deletedAt').first('id');
    await env.app.db('orderAttachments').where({ orderId: id, kind: 'receipt' }).delete();
    const page = await newPage(env.browser, env.app.url, { width: 390, height: 844 });
    await signIn(page, 'admin', { path: `/orders/${id}`, language: 'en' });
    const progress = page.getByTestId('order-progress');
    await progress.locator('.MuiStepper-vertical').waitFor();
    expect(await progress.locator('.MuiStepLabel-label.Mui-active').allInnerTexts()).toEqual(['Awaiting POD upload']);
    // Every step fits the phone's width: none is cut off to the right.
    const overflow = await progress.evaluate((box) => box.scrollWidth - box.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // A long title is cut with an ellipsis before the language button (its inline-block wrapper was cut without one).
    const title = page.locator('#react-admin-title');
    expect(await title.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    expect(await title.locator('.RaConfigurable-root').evaluate((wrapper) => getComputedStyle(wrapper).display)).toBe('inline');
    await screenshot(page, 'order-progress-phone-en');
    await closePage(page);
  });

  it('shows a list\'s skeleton while its first page loads', async () => {
    const page = await newPage(env.browser, env.app.url, { width: 1440 });
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/\/api\/suppliers\?/, async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, 'admin', { path: '/suppliers' });
    await page.getByTestId('list-skeleton').waitFor();
    await screenshot(page, 'list-skeleton-cn');
    release();
    await page.locator('tbody tr').first().waitFor();
    await expectCount(page.getByTestId('list-skeleton'), 0);
    await closePage(page);
  });

  it('shows a batch of changes as one activity-log entry, its rows a click away, records by name', async () => {
    const orders: Array<{ id: number; mtmNumber: string }> = await env.app.db('orders').where({ status: 'completed' })
      .whereNull('deletedAt').orderBy('id').limit(3).select('id', 'mtmNumber');
    const page = await newPage(env.browser, env.app.url, { width: 1440 });
    await signIn(page, 'admin', { path: '/' });
    const batch = await page.context().request.post('/api/orders/batch-completion-date',
      { data: { ids: orders.map((o) => o.id), completionDate: '2026-12-30T08:00:00Z' } });
    expect(batch.ok()).toBe(true);
    await openInApp(page, '/activity-logs');
    const entry = page.locator('tbody tr').filter({ hasText: '批量修改 3 个订单' });
    await entry.waitFor();
    await screenshot(page, 'activity-log-grouped-cn');
    await entry.click();
    await page.getByTestId('batch-rows').click();
    for (const { mtmNumber } of orders) await page.locator('tbody tr').filter({ hasText: mtmNumber }).first().waitFor();
    await expectCount(page.locator('tbody tr').filter({ hasText: '批量修改' }), 3);
    await closePage(page);
  });

  it('says "1 order" after changing one order\'s completion date', async () => {
    const page = await newPage(env.browser, env.app.url, { width: 1440 });
    await signIn(page, 'admin', { path: '/batch-modification', language: 'en' });
    const rows = page.locator('tbody tr');
    await rows.first().locator('input[type=checkbox]').check();
    await page.getByText('1 selected', { exact: true }).waitFor();
    await page.getByTestId('open-batch-dialog').click();
    const dialog = page.getByTestId('batch-dialog');
    await fillDate(dialog, 'completionDate', '2026-12-31T10:00');
    await dialog.getByTestId('batch-confirm').click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Successfully updated completion date for 1 order' });
    await toast.waitFor();
    expect(await toast.innerText()).not.toContain('1 orders');
    await closePage(page);
  });
});
