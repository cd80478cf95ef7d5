import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { signedInAs } from '../helpers/httpClient';
import { closePage, expectCount, newPage, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { demoUserName } from '../../seeds/demo';

// The order import (docs/order-import.md): a template downloaded, filled in and imported in the browser.
const env = useAppInBrowser();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'order-import-'));

beforeAll(async () => {
  const admin = await signedInAs(env.app.url, 'admin');
  await admin.create('/api/warehouses', { code: 'SH-01', name: '上海一号仓' });
  await admin.create('/api/delivery-areas', { code: 'PD', name: '浦东新区' });
});

/** The dialog's template in `locale`, as the browser downloads it. */
async function downloadTemplate(page: Page, locale: 'cn' | 'en'): Promise<ExcelJS.Workbook> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`order-import-template-${locale}`).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  return workbook;
}

async function saveAs(workbook: ExcelJS.Workbook, name: string): Promise<string> {
  const file = path.join(folder, name);
  await workbook.xlsx.writeFile(file);
  return file;
}

describe('order import in the browser', () => {
  it('imports the Chinese template filled with three rows, after a preview, and lists them', async () => {
    const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900 });
    await signIn(page, 'admin', { path: '/orders' });
    await page.getByTestId('order-import-open').click();
    const dialog = page.getByTestId('order-import-dialog');
    await dialog.getByText('从表格导入订单').waitFor();
    await screenshot(page, 'order-import-choose-cn-light', { fullPage: false });

    const workbook = await downloadTemplate(page, 'cn');
    const sheet = workbook.getWorksheet('订单')!;
    expect((sheet.getRow(1).values as string[]).slice(1, 3)).toEqual(['MTM 号 *', 'DN 号 *']);
    const leader = demoUserName('team_leader');
    sheet.addRow(['导入-001', 'DN-导入-001', null, '上海一号仓', null, '浦东新区', leader, new Date('2026-12-01T00:00:00Z'), '2026-12-05', '易碎品，轻放']);
    sheet.addRow(['导入-002', 'DN-导入-002', null, 'SH-01', null, 'PD', 'team_leader', '2026/12/02', '2026年12月6日', '']);
    sheet.addRow(['导入-003', 'DN-导入-003', null, 'sh-01', null, 'pd', leader, '2026-12-03', '2026-12-07', '夜间送货']);
    await dialog.getByTestId('order-import-file').setInputFiles(await saveAs(workbook, '订单导入.xlsx'));

    const preview = dialog.getByTestId('order-import-preview');
    await preview.waitFor();
    expect(await dialog.getByTestId('order-import-valid').innerText()).toBe('3 行可导入');
    expect(await dialog.getByTestId('order-import-invalid').count()).toBe(0);
    const sample = dialog.getByTestId('order-import-sample');
    await expectCount(sample.locator('tbody tr'), 3);
    expect(await sample.locator('tbody tr').nth(1).innerText()).toContain('上海一号仓');
    await screenshot(page, 'order-import-preview-cn-light', { fullPage: false });
    expect(Number((await env.app.db('orders').where('mtmNumber', 'like', '导入-%').count({ n: '*' }))[0].n)).toBe(0);

    await dialog.getByTestId('order-import-confirm').click();
    await dialog.getByTestId('order-import-done').getByText('已导入 3 个订单').waitFor();
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });
    for (const mtm of ['导入-001', '导入-002', '导入-003']) await page.locator('tbody tr', { hasText: mtm }).waitFor();
    const stored = await env.app.db('orders').where('mtmNumber', 'like', '导入-%').orderBy('mtmNumber');
    expect(stored.map((o) => [o.pickupDate, o.mosDate, o.notes])).toEqual([
      ['2026-12-01', '2026-12-05', '易碎品，轻放'], ['2026-12-02', '2026-12-06', null], ['2026-12-03', '2026-12-07', '夜间送货']]);
    await closePage(page);
  });

  it('quotes a bad date with the formats that work, in Chinese, and downloads the rows with errors as CSV and .xlsx', async () => {
    const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900 });
    await signIn(page, 'admin', { path: '/orders' });
    await page.getByTestId('order-import-open').click();
    const dialog = page.getByTestId('order-import-dialog');
    const workbook = await downloadTemplate(page, 'cn');
    const sheet = workbook.getWorksheet('订单')!;
    sheet.addRow(['错-001', 'DN-错-001', null, 'SH-01', null, 'PD', 'team_leader', '2026-02-30', '2026-12-05', '=不是公式']);
    sheet.addRow(['错-002', 'DN-错-002', null, '无此仓库', null, 'PD', 'team_leader', '2026-12-01', '2026-12-05']);
    sheet.addRow(['错-003', 'DN-错-003', null, 'SH-01', null, 'PD', 'team_leader', '2026-12-01', '2026-12-05']);
    await dialog.getByTestId('order-import-file').setInputFiles(await saveAs(workbook, '有误.xlsx'));
    const errors = dialog.getByTestId('order-import-errors');
    await errors.waitFor();
    expect(await errors.locator('tbody tr').allInnerTexts()).toEqual([
      '2\t提货日期\t“2026-02-30”不是有效日期，可用格式：2026-11-27、2026/11/27、2026.11.27、2026年11月27日',
      '3\t提货仓库\t没有名为“无此仓库”的仓库']);
    await screenshot(page, 'order-import-errors-cn-light-1440', { fullPage: false });

    const [csvDownload] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('order-import-errors-csv').click()]);
    expect(csvDownload.suggestedFilename()).toBe('订单导入错误.csv');
    const bytes = fs.readFileSync((await csvDownload.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('行,MTM 号 *,DN 号 *,供应商,提货仓库 *,车型,配送区域 *,负责人 *,提货日期 *,MOS 日期 *,备注,错误');
    expect(lines[1]).toMatch(/^2,错-001,DN-错-001,,SH-01,,PD,team_leader,2026-02-30,2026-12-05,'=不是公式,提货日期：“2026-02-30”不是有效日期/);
    expect(lines[2]).toMatch(/^3,错-002,.*,提货仓库：没有名为“无此仓库”的仓库$/);

    const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('order-import-errors-xlsx').click()]);
    const errorBook = new ExcelJS.Workbook();
    await errorBook.xlsx.readFile((await xlsxDownload.path())!);
    expect(errorBook.worksheets[0].getColumn(12).values.slice(1)).toEqual(['错误',
      '提货日期：“2026-02-30”不是有效日期，可用格式：2026-11-27、2026/11/27、2026.11.27、2026年11月27日', '提货仓库：没有名为“无此仓库”的仓库']);

    await page.setViewportSize({ width: 390, height: 844 });
    await errors.waitFor();
    await screenshot(page, 'order-import-errors-cn-light-phone', { fullPage: false });
    await closePage(page);
  });

  it('shows each error at its row in the form\'s words, in English too, and on a phone', async () => {
    const page = await newPage(env.browser, env.app.url, { width: 390, height: 844, colorScheme: 'dark' });
    await signIn(page, 'admin', { path: '/new-order', language: 'en' });
    await page.getByTestId('order-import-open').click();
    const dialog = page.getByTestId('order-import-dialog');
    const workbook = await downloadTemplate(page, 'en');
    const sheet = workbook.getWorksheet('Orders')!;
    sheet.addRow(['', 'DN-E-1', null, 'SH-01', null, 'PD', 'team_leader', '2026-12-01', '2026-12-05']);
    sheet.addRow(['M-E-2', 'DN-E-2', null, 'Nowhere', null, 'PD', 'team_leader', '2026-12-01', '2026-12-05']);
    sheet.addRow(['M-E-3', 'DN-E-3', null, 'SH-01', null, 'PD', 'team_leader', '2026-12-01', '2026-12-05']);
    await dialog.getByTestId('order-import-file').setInputFiles(await saveAs(workbook, 'errors.xlsx'));
    const errors = dialog.getByTestId('order-import-errors');
    await errors.waitFor();
    expect(await errors.locator('tbody tr').allInnerTexts()).toEqual([
      '2\tMTM number\tMTM number is required', '3\tPickup warehouse\tNo warehouse named "Nowhere"']);
    expect(await dialog.getByTestId('order-import-confirm').innerText()).toMatch(/import 1 order/i);
    await screenshot(page, 'order-import-errors-en-dark-phone', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByTestId('order-import-errors-csv').waitFor();
    await screenshot(page, 'order-import-errors-en-dark-1440', { fullPage: false });

    // Not a spreadsheet: said at once, nothing else shown.
    await dialog.getByTestId('order-import-another').click();
    fs.writeFileSync(path.join(folder, 'photo.xlsx'), Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    await dialog.getByTestId('order-import-file').setInputFiles(path.join(folder, 'photo.xlsx'));
    await dialog.getByTestId('order-import-problem').getByText('The file is not an .xlsx or .csv spreadsheet').waitFor();
    await closePage(page);
  });

  it('refetches what a team leader\'s order list shows once after a large import the admin makes in another browser', async () => {
    const admin = await signedInAs(env.app.url, 'admin');
    const header = 'MTM number,DN number,Pickup warehouse,Delivery area,Assigned user,Pickup date,MOS date';
    const line = (mtm: string) => `${mtm},DN-${mtm},SH-01,PD,team_leader,2026-12-01,2026-12-03`;
    const importByApi = (mtm: string) => {
      const form = new FormData();
      form.append('dryRun', 'false');
      form.append('expect', '1');
      form.append('file', new Blob([`${header}\n${line(mtm)}`]), 'one.csv');
      return admin.post('/api/orders/import', form);
    };
    expect((await importByApi('BEFORE-1')).status).toBe(201);
    const watcher = await newPage(env.browser, env.app.url, { width: 1440, height: 900 });
    const ready = Promise.all([watcher.waitForRequest((request) => request.url().endsWith('/api/events')),
      watcher.waitForResponse((answer) => answer.url().includes('/api/saved-filters'))]);
    await signIn(watcher, 'team_leader', { path: '/orders' });
    await watcher.locator('tbody tr', { hasText: 'BEFORE-1' }).waitFor();
    await ready;
    const asked: string[] = [];
    watcher.on('request', (request) => asked.push(new URL(request.url()).pathname));

    // 2,500 rows, three statements of orders: the old import logged each as a notice of its own (two resyncs, then 500 changes).
    const importer = await newPage(env.browser, env.app.url, { width: 1440, height: 900 });
    await signIn(importer, 'admin', { path: '/orders', language: 'en' });
    await importer.getByTestId('order-import-open').click();
    const file = path.join(folder, 'big.csv');
    fs.writeFileSync(file, [header, ...Array.from({ length: 2500 }, (_, n) => line(`BIG-${n}`))].join('\n'));
    await importer.getByTestId('order-import-file').setInputFiles(file);
    await importer.getByTestId('order-import-confirm').getByText('Import 2500 orders').click();
    await importer.getByTestId('order-import-done').waitFor({ timeout: 60_000 });
    await watcher.locator('tbody tr', { hasText: 'BIG-' }).first().waitFor();
    // One more change after it: once its row shows, whatever the import made the page ask has been asked.
    expect((await importByApi('AFTER-1')).status).toBe(201);
    await watcher.locator('tbody tr', { hasText: 'AFTER-1' }).waitFor();
    const count = (path: string) => asked.filter((asked) => asked === path).length;
    // The import's resync asks for each once; the change after it, for the order list once more.
    expect({ pages: count('/api/user-accessible-pages'), orders: count('/api/orders'), savedFilters: count('/api/saved-filters') })
      .toEqual({ pages: 1, orders: 2, savedFilters: 1 });
    await closePage(importer);
    await closePage(watcher);
  });
});
