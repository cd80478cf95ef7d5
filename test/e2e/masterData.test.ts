import { readFile } from 'node:fs/promises';
import type { Page, Request } from 'playwright-core';
import { signedInAs } from '../helpers/httpClient';
import { closePage, newPage, openInApp, screenshot, signIn, twoFramesLater, useAppInBrowser } from '../helpers/browser';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';

const env = useAppInBrowser();

/** What each language shows; the English run also uses the dark theme. */
const RUNS = [
  { language: 'cn', theme: 'light', texts: {
    create: '新建', export: '导出', save: '保存', delete: '删除', confirm: '确认',
    required: '此字段为必填项', invalidFormat: '格式无效', supplierNameRequired: '供应商名称为必填项',
    twoDecimals: '最多两位小数', conflict: '该记录已被他人修改，请刷新后重新修改。',
    deleteSupplier: '确定要删除该供应商吗？此操作无法撤销。', noSuppliers: '还没有供应商',
    editSupplier: '编辑供应商：', active: '启用', region: '华东', warehouseCodeTaken: '已存在相同编码的仓库',
  } },
  { language: 'en', theme: 'dark', texts: {
    create: 'Create', export: 'Export', save: 'Save', delete: 'Delete', confirm: 'Confirm',
    required: 'This field is required', invalidFormat: 'Invalid format', supplierNameRequired: 'Supplier name is required',
    twoDecimals: 'At most two decimals', conflict: 'Someone else changed this record meanwhile. Reload it and apply your change again.',
    deleteSupplier: 'Are you sure you want to delete this supplier? This action cannot be undone.',
    noSuppliers: 'No suppliers yet', editSupplier: 'Edit supplier: ', active: 'Active', region: 'East',
    warehouseCodeTaken: 'A warehouse with this code already exists',
  } },
] as const;
type Run = (typeof RUNS)[number];

/** A page signed in as the administrator, in the run's language and theme. */
async function adminPage({ language, theme }: Run, { path, ...viewport }: { path?: string; width?: number; height?: number } = {}) {
  const page = await newPage(env.browser, env.app.url, { colorScheme: theme, ...viewport });
  await signIn(page, 'admin', { language, path });
  return page;
}

const input = (page: Page, source: string) => page.locator(`[name="${source}"]`);
const fieldError = (page: Page, source: string, text: string) =>
  page.locator(`.ra-input-${source} .Mui-error`).getByText(text, { exact: true });
const row = (page: Page, text: string) => page.locator('tbody tr', { hasText: text });
const shot = (page: Page, name: string, { language, theme }: Run) => screenshot(page, `masterdata-${name}-${language}-${theme}`);

async function fill(page: Page, values: Record<string, string>) {
  for (const [source, value] of Object.entries(values)) await input(page, source).fill(value);
}

async function save(page: Page, { texts }: Run, listPath?: string) {
  await page.getByRole('button', { name: texts.save, exact: true }).click();
  if (listPath) await page.waitForURL((url) => url.pathname === listPath);
}

/** Opens the create page from the list (its toolbar, or the empty state's button). */
async function openCreate(page: Page, path: string, { texts }: Run) {
  if (new URL(page.url()).pathname !== path) await openInApp(page, path);
  await page.getByRole('link', { name: texts.create, exact: true }).first().click();
  await page.waitForURL((url) => url.pathname === `${path}/create`);
}

/** Opens a record's edit page by clicking its row in the list, and waits until it has its record. */
async function openFromList(page: Page, path: string, text: string, id: number) {
  if (new URL(page.url()).pathname !== path) await openInApp(page, path);
  // The edit form shows once its access is checked (the list's filter form is no sign of it); the
  // record it then reads from the server, when it does, must have come before the test goes on.
  let reading: Promise<unknown> | undefined;
  const onRequest = (request: Request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === `/api${path}/${id}`) reading = request.response();
  };
  page.on('request', onRequest);
  await row(page, text).locator('td').nth(1).click();
  await page.waitForURL((url) => url.pathname === `${path}/${id}`);
  await page.locator('.RaEdit-card form').waitFor();
  // A record shown from the cache is read again by an effect of the form's mount: two frames on,
  // that effect has run and its request, if any, has been seen.
  await twoFramesLater(page);
  page.off('request', onRequest);
  await reading;
}

const live = (table: string, where: Record<string, unknown>) => env.app.db(table).where(where).whereNull('deletedAt').first();

describe.each(RUNS)('master data as an administrator ($language, $theme)', (run) => {
  const { language, texts } = run;
  const areaCode = `AREA-${language.toUpperCase()}`;
  const supplierName = language === 'cn' ? '测试物流有限公司' : 'Test Haulage Ltd';

  it('creates a delivery area, finds it by search and region, and edits it', async () => {
    const page = await adminPage(run, { path: '/delivery-areas' });
    await openCreate(page, '/delivery-areas', run);
    await fill(page, { description: 'E2E' });
    await save(page, run);
    await fieldError(page, 'code', texts.required).waitFor();
    await fieldError(page, 'name', texts.required).waitFor();
    await fill(page, { code: 'has spaces', name: language === 'cn' ? '苏州工业园区' : 'Suzhou Industrial Park' });
    await fieldError(page, 'code', texts.invalidFormat).waitFor();
    await fill(page, { code: areaCode, region: texts.region });
    await shot(page, 'delivery-area-form', run);
    await save(page, run, '/delivery-areas');
    await row(page, areaCode).waitFor();
    const area = await live('deliveryAreas', { code: areaCode });
    expect(area).toMatchObject({ region: texts.region, status: 'active', version: 1 });

    await input(page, 'q').fill(areaCode.toLowerCase());
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    await input(page, 'q').fill('');
    await input(page, 'region').fill(texts.region);
    await page.waitForURL((url) => url.searchParams.get('filter') === JSON.stringify({ region: texts.region }));
    await row(page, areaCode).waitFor();
    await shot(page, 'delivery-areas-list', run);

    await openFromList(page, '/delivery-areas', areaCode, area.id);
    await fill(page, { region: `${texts.region} 2` });
    await save(page, run, '/delivery-areas');
    expect(await live('deliveryAreas', { id: area.id })).toMatchObject({ region: `${texts.region} 2`, version: 2 });
    await closePage(page);
  });

  it('creates and edits a warehouse', async () => {
    const page = await adminPage(run, { path: '/warehouses' });
    const code = `WH-${language.toUpperCase()}`;
    await openCreate(page, '/warehouses', run);
    await fill(page, { code, name: language === 'cn' ? '嘉定仓' : 'Jiading DC', contactPhone: 'call me' });
    await save(page, run);
    await fieldError(page, 'contactPhone', texts.invalidFormat).waitFor();
    await fill(page, { contactPhone: '+86 21 5999 0000', contactPerson: 'Li Lei', address: '上海市嘉定区 1 号' });
    await shot(page, 'warehouse-form', run);
    await save(page, run, '/warehouses');
    const warehouse = await live('warehouses', { code });
    expect(warehouse).toMatchObject({ contactPhone: '+86 21 5999 0000', status: 'active' });
    await row(page, code).waitFor();
    await shot(page, 'warehouses-list', run);

    await openFromList(page, '/warehouses', code, warehouse.id);
    await fill(page, { contactPerson: 'Han Meimei' });
    await save(page, run, '/warehouses');
    expect(await live('warehouses', { id: warehouse.id })).toMatchObject({ contactPerson: 'Han Meimei', version: 2 });

    // The server's duplicate check (409) lands on the field, in the user's language.
    await openCreate(page, '/warehouses', run);
    await fill(page, { code: code.toLowerCase(), name: 'Copy' });
    await save(page, run);
    await fieldError(page, 'code', texts.warehouseCodeTaken).waitFor();
    expect(new URL(page.url()).pathname).toBe('/warehouses/create');
    await closePage(page);
  });

  it('creates and edits a vehicle type with two-decimal capacity and volume', async () => {
    const page = await adminPage(run, { path: '/vehicle-types' });
    const code = `TRK-${language.toUpperCase()}`;
    await openCreate(page, '/vehicle-types', run);
    await fill(page, { code, name: language === 'cn' ? '7.6 米厢式车' : '7.6 m box truck', capacityTons: '8.125',
      volumeCbm: '-1' });
    await save(page, run);
    await fieldError(page, 'capacityTons', texts.twoDecimals).waitFor();
    await page.locator('.ra-input-volumeCbm .Mui-error').first().waitFor();
    await fill(page, { capacityTons: '8.25', volumeCbm: '42.5' });
    await shot(page, 'vehicle-type-form', run);
    await save(page, run, '/vehicle-types');
    const type = await live('vehicleTypes', { code });
    expect([Number(type.capacityTons), Number(type.volumeCbm)]).toEqual([8.25, 42.5]);
    await row(page, code).waitFor();
    await shot(page, 'vehicle-types-list', run);

    await openFromList(page, '/vehicle-types', code, type.id);
    await fill(page, { volumeCbm: '40.75' });
    await save(page, run, '/vehicle-types');
    expect(Number((await live('vehicleTypes', { id: type.id })).volumeCbm)).toBe(40.75);
    await closePage(page);
  });

  it('creates a supplier serving the area, edits it, refuses a stale edit, and deletes it after the confirmation', async () => {
    const page = await adminPage(run, { path: '/suppliers' });
    await page.getByTestId('empty-list').getByText(texts.noSuppliers).waitFor();
    await shot(page, 'suppliers-empty', run);

    await openCreate(page, '/suppliers', run);
    await fill(page, { contactEmail: 'not an email', website: 'ftp://files.example' });
    await save(page, run);
    await fieldError(page, 'name', texts.supplierNameRequired).waitFor();
    await fieldError(page, 'contactEmail', texts.invalidFormat).waitFor();
    await fieldError(page, 'website', texts.invalidFormat).waitFor();
    for (const source of ['contactPerson', 'contactPhone', 'address']) await fieldError(page, source, texts.required).waitFor();
    await fill(page, { name: supplierName, contactPerson: '陈刚', contactPhone: '+86 21 6123 4567',
      contactEmail: 'ops@test.example', website: 'https://test.example', address: '上海市闵行区申长路 990 号' });
    const areas = page.locator('.ra-input-serviceAreaIds input');
    await areas.click();
    await areas.fill(areaCode);
    await page.getByRole('option', { name: new RegExp(areaCode) }).click();
    await page.keyboard.press('Escape');
    await shot(page, 'supplier-form', run);
    await save(page, run, '/suppliers');

    const supplier = await live('suppliers', { name: supplierName });
    const area = await live('deliveryAreas', { code: areaCode });
    expect(supplier).toMatchObject({ shortName: null, contactEmail: 'ops@test.example', status: 'active', version: 1 });
    expect(await env.app.db('supplierServiceAreas').where({ supplierId: supplier.id }).select('deliveryAreaId'))
      .toEqual([{ deliveryAreaId: area.id }]);
    const listed = row(page, supplierName);
    await listed.getByText(area.name).waitFor();
    expect(await listed.getByTestId('status-chip').innerText()).toBe(texts.active);
    await shot(page, 'suppliers-list', run);

    // The export names the service areas and starts with the BOM Excel needs to read Chinese text.
    const [download] = await Promise.all([page.waitForEvent('download'),
      page.getByRole('link', { name: texts.export, exact: true }).click()]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain(supplierName);
    expect(csv).toContain(area.name);
    expect(csv).not.toContain('serviceAreaIds');

    await openFromList(page, '/suppliers', supplierName, supplier.id);
    await page.locator('header').getByText(`${texts.editSupplier}${supplierName}`, { exact: true }).waitFor();
    await fill(page, { shortName: 'TST' });
    await save(page, run, '/suppliers');
    expect(await live('suppliers', { id: supplier.id })).toMatchObject({ shortName: 'TST', version: 2 });

    // Someone else saves the supplier while the form is open: saving it then is refused, visibly.
    await openFromList(page, '/suppliers', supplierName, supplier.id);
    const other = await signedInAs(env.app.url, 'manager');
    expect((await other.put(`/api/suppliers/${supplier.id}`, { address: 'Elsewhere', version: 2 })).status).toBe(200);
    await fill(page, { contactPerson: 'Stale Edit' });
    await save(page, run);
    // Said in the toast and above the form, which offers the merged reload (reloadMerge.test.ts).
    await page.getByTestId('stale-save').getByText(texts.conflict).waitFor();
    await shot(page, 'supplier-conflict', run);
    expect(new URL(page.url()).pathname).toBe(`/suppliers/${supplier.id}`);
    expect(await live('suppliers', { id: supplier.id })).toMatchObject({ contactPerson: '陈刚', address: 'Elsewhere', version: 3 });

    await page.reload();
    await page.locator('form').waitFor();
    await page.getByRole('button', { name: texts.delete, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(texts.deleteSupplier, { exact: true }).waitFor();
    await shot(page, 'supplier-delete', run);
    await dialog.getByRole('button', { name: texts.confirm }).click();
    await page.waitForURL((url) => url.pathname === '/suppliers');
    await page.getByTestId('empty-list').waitFor();
    expect(await row(page, supplierName).count()).toBe(0);
    expect((await env.app.db('suppliers').where({ id: supplier.id }).first()).deletedAt).not.toBeNull();
    await closePage(page);
  });
});

describe('on a phone (390 px wide)', () => {
  it.each(RUNS)('shows each list as a simple list and each form in one column ($language)', async (run) => {
    const admin = await signedInAs(env.app.url, 'admin');
    const area = await env.app.db('deliveryAreas').whereNull('deletedAt').first();
    await admin.post('/api/suppliers', { ...SUPPLIER_CONTACT, name: `Mobile Carrier ${run.language}`,
      contactPerson: 'Wang Wu', contactPhone: '+86 10 1234 5678', serviceAreaIds: [area.id] });
    const page = await adminPage(run, { width: 390, height: 844 });
    for (const path of ['/suppliers', '/warehouses', '/vehicle-types', '/delivery-areas']) {
      await openInApp(page, path);
      await page.getByTestId('status-chip').first().waitFor();
      expect(await page.locator('table').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, `mobile${path.replace('/', '-')}`, run);
    }
    await openInApp(page, '/suppliers/create');
    await input(page, 'name').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'mobile-supplier-form', run);
    await closePage(page);
  });
});

describe('bulk deletion', () => {
  it('deletes the selected rows after a confirmation naming how many', async () => {
    const admin = await signedInAs(env.app.url, 'admin');
    for (const code of ['BULK-1', 'BULK-2']) await admin.post('/api/warehouses', { code, name: `Bulk ${code}` });
    const page = await adminPage(RUNS[1], { path: '/warehouses' });
    for (const code of ['BULK-1', 'BULK-2']) await row(page, code).locator('input[type=checkbox]').check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to delete the 2 selected warehouses? This action cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForFunction(() => !document.body.innerText.includes('BULK-'));
    expect(await env.app.db('warehouses').whereIn('code', ['BULK-1', 'BULK-2']).whereNull('deletedAt')).toEqual([]);
    await closePage(page);
  });
});
