import type { Page } from 'playwright-core';
import type { HttpClient } from '../helpers/httpClient';
import { orderMaker } from '../helpers/orderReferences';
import { closePage, newPage, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { demoUserName } from '../../seeds/demo';

// Deleting (issue #22): the confirmation keeps the seed's words, the toast says the records went to
// the trash and its Undo can bring them back; a page whose record someone deletes says so; an empty create
// form's Save shows what is required; the order's actions come first on a phone.
const env = useAppInBrowser();

let admin: HttpClient;
let newOrder: Awaited<ReturnType<typeof orderMaker>>['newOrder'];

beforeAll(async () => {
  ({ admin, newOrder } = await orderMaker(env.app, 'DEL', '删除 Delete'));
});

const row = (page: Page, text: string) => page.locator('tbody tr', { hasText: text });
const appBarTitle = (page: Page) => page.locator('#react-admin-title').innerText();

describe('deleting', () => {
  it('says a supplier deleted from its edit page went to the trash, and its Undo brings it back (cn)', async () => {
    const supplier = await admin.create('/api/suppliers', { name: '回收物流 Undo Haulage', ...SUPPLIER_CONTACT });
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: `/suppliers/${supplier.id}` });
    await page.getByRole('button', { name: '删除' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('确定要删除该供应商吗？此操作无法撤销。').waitFor();
    await dialog.getByRole('button', { name: '确认' }).click();
    await page.waitForURL((url) => url.pathname === '/suppliers');
    const toast = page.getByTestId('toast');
    await toast.getByText('已移至回收站').waitFor();
    await screenshot(page, 'deleting-toast-cn-1440', { fullPage: false });
    await toast.getByTestId('toast-undo').click();
    await page.getByTestId('toast').getByText('已恢复').waitFor();
    await row(page, '回收物流 Undo Haulage').waitFor();
    expect(await env.app.db('suppliers').where({ id: supplier.id }).first()).toMatchObject({ deletedAt: null });
    await closePage(page);
  });

  it('says how many warehouses a bulk delete moved to the trash, and restores them all (en)', async () => {
    for (const code of ['UNDO-1', 'UNDO-2']) await admin.create('/api/warehouses', { code, name: `Undo ${code}` });
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: '/warehouses', language: 'en' });
    for (const code of ['UNDO-1', 'UNDO-2']) await row(page, code).locator('input[type=checkbox]').check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to delete the 2 selected warehouses? This action cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('2 records moved to the trash').waitFor();
    await screenshot(page, 'deleting-toast-en-1440', { fullPage: false });
    await toast.getByTestId('toast-undo').click();
    await page.getByTestId('toast').getByText('2 records restored').waitFor();
    await row(page, 'UNDO-1').waitFor();
    await row(page, 'UNDO-2').waitFor();
    expect(await env.app.db('warehouses').whereIn('code', ['UNDO-1', 'UNDO-2']).whereNull('deletedAt')).toHaveLength(2);
    await closePage(page);
  });

  it('tells the admin viewing an order that the manager deleted it, by whom and when, with the trash', async () => {
    const order = await newOrder('MTM-DEL-1');
    const viewer = await newPage(env.browser, env.app.url);
    await signIn(viewer, 'admin', { path: `/orders/${order.id}` });
    await viewer.getByTestId('page-title').getByText('MTM-DEL-1').waitFor();
    const manager = await newPage(env.browser, env.app.url);
    await signIn(manager, 'manager', { path: '/orders' });
    await row(manager, 'MTM-DEL-1').locator('input[type=checkbox]').check();
    await manager.getByRole('button', { name: '删除' }).click();
    await manager.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await manager.getByTestId('toast').getByText('已移至回收站').waitFor();

    const notice = viewer.getByTestId('deleted-record-notice');
    await notice.getByText(new RegExp(`^此订单已被 ${demoUserName('manager')} 于 \\d\\d:\\d\\d 删除`)).waitFor();
    expect(new URL(viewer.url()).pathname).toBe(`/orders/${order.id}`);
    expect(await appBarTitle(viewer)).toBe('订单已删除');
    await screenshot(viewer, 'deleting-order-deleted-cn-1440', { fullPage: false });

    // Opened again later (a bookmark): the API tells who deleted it, to someone who may open the trash.
    await viewer.reload();
    await notice.getByText(`此订单已被 ${demoUserName('manager')} 于`, { exact: false }).waitFor();
    await notice.getByTestId('deleted-open-trash').click();
    await viewer.waitForURL((url) => url.pathname === '/trash');
    await row(viewer, 'MTM-DEL-1').waitFor();
    await closePage(viewer);
    await closePage(manager);

    const phone = await newPage(env.browser, env.app.url, { width: 390, height: 844 });
    await signIn(phone, 'admin', { path: `/orders/${order.id}`, language: 'en' });
    await phone.getByTestId('deleted-record-notice')
      .getByText(new RegExp(`^This order was deleted by ${demoUserName('manager')} at \\d\\d:\\d\\d`)).waitFor();
    expect(await appBarTitle(phone)).toBe('Order deleted');
    await screenshot(phone, 'deleting-order-deleted-en-390', { fullPage: false });
    await closePage(phone);
  });

  it.each([
    { language: 'cn' as const, theme: 'light' as const, said: '此用户已被 %s 于 ', title: '用户已删除' },
    { language: 'en' as const, theme: 'dark' as const, said: 'This user was deleted by %s at ', title: 'User deleted' },
  ])('tells the admin editing a user that someone deleted them, titled so, then again from the address ($language, $theme)',
    async ({ language, theme, said, title }) => {
      const { body: user } = await admin.post('/api/users', { username: `del_user_${language}`, password: 'Delete-pass-2026',
        firstName: '删', lastName: '除', email: `del.${language}@example.com`, phone: '+86 21 5555 0000', role: 'team_leader', status: 'active' });
      const page = await newPage(env.browser, env.app.url, { colorScheme: theme });
      await signIn(page, 'admin', { path: `/users/${user.id}/edit`, language });
      await page.locator('input[name=email]').waitFor();
      expect((await admin.delete(`/api/users/${user.id}`)).status).toBe(200);
      const notice = page.getByTestId('deleted-record-notice');
      await notice.getByText(said.replace('%s', demoUserName('admin')), { exact: false }).waitFor();
      expect(await appBarTitle(page)).toBe(title);
      await screenshot(page, `deleting-user-deleted-${language}-${theme}`, { fullPage: false });
      await page.reload();
      await notice.getByText(said.replace('%s', demoUserName('admin')), { exact: false }).waitFor();
      expect(await appBarTitle(page)).toBe(title);
      await closePage(page);
    });

  it.each([
    { language: 'cn' as const, theme: 'light' as const, said: '此翻译已被 %s 于 ', list: '翻译管理', close: '关闭' },
    { language: 'en' as const, theme: 'dark' as const, said: 'This translation was deleted by %s at ', list: 'Translations', close: 'Close' },
  ])('tells the admin editing a text in its dialog that someone deleted it; the list keeps its title ($language, $theme)',
    async ({ language, theme, said, list, close }) => {
      const entry = await admin.create('/api/translations', { namespace: 'deleting', key: `gone_${language}`, zh: '将被删除', en: 'To be deleted' });
      const page = await newPage(env.browser, env.app.url, { colorScheme: theme });
      const filter = encodeURIComponent(JSON.stringify({ namespace: 'deleting', q: `gone_${language}` }));
      await signIn(page, 'admin', { path: `/translations?filter=${filter}`, language });
      await row(page, `gone_${language}`).click();
      const dialog = page.getByTestId('translation-edit');
      await dialog.locator('textarea[name=en]').waitFor();
      expect((await admin.delete(`/api/translations/${entry.id}`)).status).toBe(200);
      await dialog.getByTestId('deleted-record-notice').getByText(said.replace('%s', demoUserName('admin')), { exact: false }).waitFor();
      expect(await appBarTitle(page)).toBe(list);
      await screenshot(page, `deleting-translation-deleted-${language}-${theme}`, { fullPage: false });
      await dialog.getByRole('button', { name: close }).click();
      await dialog.waitFor({ state: 'detached' });
      await closePage(page);
    });

  it.each([
    { language: 'cn' as const, width: 1440, save: '保存', required: '供应商名称为必填项' },
    { language: 'en' as const, width: 390, save: 'Save', required: 'Supplier name is required' },
  ])('enables Save on an empty supplier form and shows what is required when it is clicked ($language, $width px)',
    async ({ language, width, save: label, required }) => {
      const page = await newPage(env.browser, env.app.url, { width, height: 860 });
      await signIn(page, 'admin', { path: '/suppliers/create', language });
      const save = page.getByRole('button', { name: label });
      await save.waitFor();
      expect(await save.isEnabled()).toBe(true);
      await save.click();
      await page.getByText(required).waitFor();
      expect(new URL(page.url()).pathname).toBe('/suppliers/create');
      await screenshot(page, `deleting-empty-supplier-${language}-${width}`, { fullPage: false });
      await closePage(page);
    });

  it('puts the order\'s status actions above its prices on a phone', async () => {
    const order = await newOrder('MTM-DEL-PHONE');
    for (const language of ['cn', 'en'] as const) {
      const page = await newPage(env.browser, env.app.url, { width: 390, height: 844 });
      await signIn(page, 'admin', { path: `/orders/${order.id}`, language });
      await page.getByTestId('order-transitions').getByRole('button').first().waitFor();
      const actions = await page.getByTestId('order-transitions').boundingBox();
      const prices = await page.getByTestId('order-prices').boundingBox();
      expect(actions!.y + actions!.height).toBeLessThanOrEqual(prices!.y);
      await screenshot(page, `deleting-order-phone-${language}-390`);
      await closePage(page);
    }
  });
});
