import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { signedInAs } from '../helpers/httpClient';
import { closePage, newPage, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';

const env = useAppInBrowser();

/** A page in Shanghai's time zone, whatever the machine's: the export must follow the browser's. */
async function pageInShanghai(width: number, height: number): Promise<Page> {
  return newPage(env.browser, env.app.url, { timezoneId: 'Asia/Shanghai', width, height });
}

beforeAll(async () => {
  const admin = await signedInAs(env.app.url, 'admin');
  const supplier = await admin.create('/api/suppliers', { name: '华东运输', ...SUPPLIER_CONTACT });
  await env.app.db('suppliers').where({ id: supplier.id }).update({ updatedAt: '2026-11-26T18:30:00Z' });
});

describe('the Export button of a list', () => {
  it('downloads the Chinese suppliers list from the server: Chinese headers and values, the browser\'s time zone', async () => {
    const page = await pageInShanghai(1440, 900);
    await signIn(page, 'admin', { path: '/suppliers', language: 'cn' });
    await page.locator('tbody tr', { hasText: '华东运输' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'),
      page.getByRole('link', { name: '导出', exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/^供应商_\d{4}-\d{2}-\d{2}_\d{4}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(header).toEqual(['供应商名称', '简称', '联系人', '联系电话', '联系邮箱', '网站', '地址', '服务区域', '状态', '更新时间']);
    const supplier = rows.find((cells) => cells[0] === '华东运输')!;
    expect(supplier.slice(-2)).toEqual(['启用', '2026年11月27日 02:30']);
    await screenshot(page, 'list-export-suppliers-cn-1440');

    // A search that finds nothing leaves nothing to export.
    await page.locator('input[name="q"]').fill('没有这个供应商');
    await page.locator('[data-testid="export-csv"][aria-disabled="true"]').waitFor();
  });

  it('links the reader\'s language and time zone, in English and on a phone', async () => {
    for (const [language, width, height, label] of [['en', 1440, 900, 'Export'], ['cn', 390, 844, '导出'], ['en', 390, 844, 'Export']] as const) {
      const page = await pageInShanghai(width, height);
      await signIn(page, 'admin', { path: '/suppliers', language });
      await page.getByText('华东运输').first().waitFor();
      const exportLink = page.getByRole('link', { name: label, exact: true });
      expect(await exportLink.getAttribute('href')).toContain(`locale=${language}`);
      expect(decodeURIComponent((await exportLink.getAttribute('href'))!)).toContain('tz=Asia/Shanghai');
      await screenshot(page, `list-export-suppliers-${language}-${width}`);
      await closePage(page);
    }
  });
});
