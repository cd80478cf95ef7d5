import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import raChinese from '@kernel/i18n/ra/cn';
import { invalidateCatalogs } from '../../api/src/translations/catalog';
import { closePage, expectCount, newPage, openInApp, screenshot, signIn, twoFramesLater, useAppInBrowser } from '../helpers/browser';

const env = useAppInBrowser();

const SUBTITLE = { cn: '提货 SOP · 供应商管理', en: 'Pickup SOP · Supplier management' };
const subtitleRow = () => env.app.db('translations').whereNull('deletedAt').where({ namespace: 'app', key: 'subtitle' });

// Each test starts from the seeded subtitle; the tests change it on purpose. The app runs in this
// process: the edit by hand is announced to its catalog cache, which would otherwise notice it
// only within a second, after the next test's page has loaded the old catalog.
afterEach(async () => {
  await env.app.db('translations').where({ namespace: 'app', key: 'subtitle' })
    .update({ zh: SUBTITLE.cn, en: SUBTITLE.en, deletedAt: null, deletedBy: null });
  invalidateCatalogs();
});

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'translations-e2e-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeFile(name: string, content: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

/** The user menu's link, as a user reaches these pages (they are not in the sidebar). */
async function openFromUserMenu(page: Page, userMenuLabel: string, link: string, pathname: string) {
  await page.getByLabel(userMenuLabel).click();
  await page.getByRole('menuitem', { name: link }).click();
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Marks the loaded page: the mark survives any change made without a reload. */
const markPage = (page: Page) => page.evaluate(() => { (window as unknown as { marked: boolean }).marked = true; });
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { marked?: boolean }).marked === true);

const subtitle = (page: Page) => page.getByTestId('sidebar-subtitle');

const LANGUAGES = [
  { locale: 'cn', theme: 'light', userMenu: raChinese.ra.auth.user_menu, translations: '翻译管理', importPage: '翻译导入',
    column: 'zh', save: '保存', apply: '应用导入', edited: '提货 SOP · 供应商（已编辑）', imported: '提货与派送 · 导入后的副标题',
    changedChip: '修改 1', addedChip: '新增 1', addedHeading: '新增的翻译（1）', saved: '“app.subtitle”已保存',
    delete: '删除', confirm: '确认', moved: '已移至回收站', undo: '撤销', restored: '已恢复' },
  { locale: 'en', theme: 'dark', userMenu: 'Profile', translations: 'Translations', importPage: 'Translation import',
    column: 'en', save: 'Save', apply: 'Apply import', edited: 'Pickup SOP (edited)', imported: 'Pickups and deliveries (imported)',
    changedChip: '1 changed', addedChip: '1 new', addedHeading: 'New translations (1)', saved: '"app.subtitle" is saved',
    delete: 'Delete', confirm: 'Confirm', moved: 'Moved to the trash', undo: 'Undo', restored: 'Restored' },
] as const;

describe.each(LANGUAGES)('translations as an administrator ($locale, $theme)', (lang) => {
  async function signedInPage() {
    const page = await newPage(env.browser, env.app.url, { colorScheme: lang.theme });
    await signIn(page, 'admin', { language: lang.locale });
    await subtitle(page).filter({ hasText: SUBTITLE[lang.locale] }).waitFor();
    await markPage(page);
    return page;
  }

  it('edits the sidebar subtitle on /translations and the screen shows it at once', async () => {
    const page = await signedInPage();
    await openFromUserMenu(page, lang.userMenu, lang.translations, '/translations');
    await page.locator('.ra-input-namespace [role=combobox]').click();
    await page.getByRole('option', { name: 'app', exact: true }).click();
    await page.locator('input[name=q]').fill('subtitle');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    expect(JSON.parse(new URL(page.url()).searchParams.get('filter')!)).toEqual({ namespace: 'app', q: 'subtitle' });
    const row = page.locator('tbody tr');
    expect(await row.innerText()).toContain(SUBTITLE[lang.locale]);
    await screenshot(page, `translations-list-${lang.locale}-${lang.theme}`);

    await row.click();
    const dialog = page.getByTestId('translation-edit');
    const text = dialog.locator(`textarea[name=${lang.column}]`);
    await text.waitFor();
    expect(await text.inputValue()).toBe(SUBTITLE[lang.locale]);
    await text.fill(lang.edited);
    await screenshot(page, `translations-edit-${lang.locale}-${lang.theme}`);
    await dialog.getByRole('button', { name: lang.save }).click();

    await subtitle(page).filter({ hasText: lang.edited }).waitFor();
    await page.getByText(lang.saved).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await row.innerText()).toContain(lang.edited);
    expect(await stillSamePage(page)).toBe(true);
    expect((await subtitleRow().first())[lang.column]).toBe(lang.edited);
    await closePage(page);
  });

  it('offers Undo after a bulk delete, and the screen shows the deleted text again once undone', async () => {
    await subtitleRow().update({ [lang.column]: lang.edited });
    invalidateCatalogs();
    const page = await newPage(env.browser, env.app.url, { colorScheme: lang.theme });
    const filter = encodeURIComponent(JSON.stringify({ namespace: 'app', q: 'subtitle' }));
    await signIn(page, 'admin', { language: lang.locale, path: `/translations?filter=${filter}` });
    await subtitle(page).filter({ hasText: lang.edited }).waitFor();
    await page.locator('tbody tr', { hasText: 'subtitle' }).locator('input[type=checkbox]').check();
    await page.getByRole('button', { name: lang.delete, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: lang.confirm }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText(lang.moved).waitFor();
    // The built-in text is back on screen while the edited one waits in the trash.
    await subtitle(page).filter({ hasText: SUBTITLE[lang.locale] }).waitFor();
    await screenshot(page, `translations-bulk-delete-undo-${lang.locale}-${lang.theme}`, { fullPage: false });
    await toast.getByRole('button', { name: lang.undo }).click();
    await page.getByTestId('toast').getByText(lang.restored).waitFor();
    await subtitle(page).filter({ hasText: lang.edited }).waitFor();
    await page.locator('tbody tr', { hasText: 'subtitle' }).waitFor();
    expect((await subtitleRow().first())[lang.column]).toBe(lang.edited);
    await closePage(page);
  });

  it('imports a CSV file: preview, apply, and the screen shows the new text at once', async () => {
    const file = writeFile(`subtitle-${lang.locale}.csv`, [
      'namespace,key,zh,en,description',
      lang.locale === 'cn' ? `app,subtitle,${lang.imported},,` : `app,subtitle,,"${lang.imported}",`,
      'e2e,greeting,"你好，%{name}","Hello, %{name}",Added by the e2e test',
    ].join('\r\n'));
    const page = await signedInPage();
    await openFromUserMenu(page, lang.userMenu, lang.importPage, '/translation-import');
    await page.getByTestId('import-file').setInputFiles(file);
    const preview = page.getByTestId('import-preview');
    await preview.waitFor();
    expect(await page.getByTestId('import-changed').innerText()).toContain(SUBTITLE[lang.locale]);
    expect(await page.getByTestId('import-changed').innerText()).toContain(lang.imported);
    expect(await page.getByTestId('import-summary').innerText()).toContain(lang.changedChip);
    expect(await page.getByTestId('import-summary').innerText()).toContain(lang.addedChip);
    expect(await page.getByTestId('import-added').innerText()).toContain('e2e.greeting');
    expect(await page.getByTestId('import-added').getByRole('heading').innerText()).toBe(lang.addedHeading);
    await screenshot(page, `translations-import-preview-${lang.locale}-${lang.theme}`);
    // The preview wrote nothing.
    expect((await subtitleRow().first())[lang.column]).toBe(SUBTITLE[lang.locale]);
    expect(await subtitle(page).innerText()).toBe(SUBTITLE[lang.locale]);

    await page.getByTestId('import-apply').click();
    const confirm = page.getByRole('dialog');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: lang.apply }).click();
    await subtitle(page).filter({ hasText: lang.imported }).waitFor();
    await page.getByTestId('import-applied').waitFor();
    await screenshot(page, `translations-import-applied-${lang.locale}-${lang.theme}`);
    expect(await stillSamePage(page)).toBe(true);
    expect((await subtitleRow().first())[lang.column]).toBe(lang.imported);
    await env.app.db('translations').where({ namespace: 'e2e' }).delete();
    await closePage(page);
  });
});

describe('translations as others', () => {
  it('shows a bad file\'s errors per row, and nothing can be applied', async () => {
    const file = writeFile('bad.csv', 'namespace,key,zh,en\napp,subtitle,"%{count} 条",%{total} rows\nBad NS,x,坏,bad\n');
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'manager', { path: '/translation-import' });
    await page.getByTestId('import-file').setInputFiles(file);
    const errors = page.getByTestId('import-errors');
    await errors.waitFor();
    const text = await errors.innerText();
    expect(text).toContain('占位符必须与另一种语言的文字一致');
    expect(text).toContain('命名空间');
    expect(await page.getByTestId('import-apply').isDisabled()).toBe(true);
    await screenshot(page, 'translations-import-errors-cn-light');

    await page.getByTestId('import-file').setInputFiles(writeFile('broken.csv', 'namespace,kee\napp,subtitle\n'));
    await page.getByTestId('import-problem').filter({ hasText: '未知的列“kee”' }).waitFor();
    await closePage(page);
  });

  it('shows the pages read-only to a director: no edit dialog, no import; finds texts missing English', async () => {
    await env.app.db('translations').insert({ namespace: 'e2e', key: 'only_chinese', zh: '只有中文的文字', en: '' });
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'director', { path: '/translations' });
    await page.getByTestId('translations-read-only').waitFor();
    await page.locator('tbody tr').first().waitFor();
    expect(await page.getByRole('link', { name: '新建' }).count()).toBe(0);
    await page.locator('tbody tr').first().click();
    // For an editor the click opens the dialog at once: two frames on, it would be there.
    await twoFramesLater(page);
    expect(await page.getByTestId('translation-edit').count()).toBe(0);

    await page.locator('.ra-input-missing [role=combobox]').click();
    await page.getByRole('option', { name: '缺少英文', exact: true }).click();
    await page.locator('tbody tr', { hasText: 'only_chinese' }).getByText('未翻译').waitFor();
    await expectCount(page.locator('tbody tr'), 1);
    await screenshot(page, 'translations-list-read-only-cn-light');
    await env.app.db('translations').where({ namespace: 'e2e' }).delete();

    await openInApp(page, '/translation-import');
    await page.getByTestId('import-read-only').waitFor();
    expect(await page.getByTestId('import-file').isDisabled()).toBe(true);
    await closePage(page);
  });
});
