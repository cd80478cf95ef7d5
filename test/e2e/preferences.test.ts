import type { Page } from 'playwright-core';
import { chooseLanguage, closePage, newPage, screenshot, signIn, useAppInBrowser } from '../helpers/browser';

const env = useAppInBrowser();

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const isDark = (rgb: string) => rgb.match(/\d+/g)!.slice(0, 3).map(Number).reduce((a, b) => a + b, 0) < 3 * 80;

async function chooseTheme(page: Page, preference: 'light' | 'dark' | 'system') {
  await page.locator('header').getByTestId('theme-switch').click();
  await page.getByTestId(`theme-${preference}`).click();
}

describe('language and theme', () => {
  it('defaults to Chinese, switches to English, and keeps it after a reload', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin');
    expect(await page.getByTestId('sidebar-subtitle').innerText()).toBe('提货 SOP · 供应商管理');
    await chooseLanguage(page, 'English');
    await page.getByText('Pickup SOP · Supplier management').waitFor();
    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    expect(await page.getByTestId('sidebar-subtitle').innerText()).toBe('Pickup SOP · Supplier management');
    expect(await page.getByTestId('contributors').innerText()).toContain('Team leaders');
    await chooseLanguage(page, '中文');
    await page.getByText('提货 SOP · 供应商管理').waitFor();
    await closePage(page);
  });

  it('follows the system by default, and keeps a chosen theme after a reload', async () => {
    const page = await newPage(env.browser, env.app.url, { colorScheme: 'dark' });
    await signIn(page, 'manager');
    expect(isDark(await background(page))).toBe(true);
    await chooseTheme(page, 'light');
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor !== 'rgb(18, 20, 23)');
    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    expect(isDark(await background(page))).toBe(false);
    await chooseTheme(page, 'system');
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(18, 20, 23)');
    await closePage(page);
  });
});

describe('screenshots of the shell', () => {
  it.each([
    ['cn', 'light'], ['cn', 'dark'], ['en', 'light'], ['en', 'dark'],
  ] as const)('dashboard in %s, %s theme', async (language, theme) => {
    const page = await newPage(env.browser, env.app.url, { colorScheme: theme });
    await signIn(page, 'admin', { language });
    await page.getByTestId('contributors').waitFor();
    await screenshot(page, `dashboard-${language}-${theme}`);
    await closePage(page);
  });

  it.each(['cn', 'en'] as const)('sign-in page, access denied and mobile menu in %s', async (language) => {
    const page = await newPage(env.browser, env.app.url);
    await page.goto('/auth');
    if (language === 'en') await chooseLanguage(page, 'English');
    await page.getByTestId('login-form').waitFor();
    await screenshot(page, `auth-${language}`);
    await signIn(page, 'biller', { path: '/permissions' });
    await page.getByTestId('access-denied').waitFor();
    await screenshot(page, `access-denied-${language}`);
    await closePage(page);

    const mobile = await newPage(env.browser, env.app.url, { width: 390, height: 844 });
    await signIn(mobile, 'manager', { language });
    await mobile.getByTestId('dashboard').waitFor();
    await screenshot(mobile, `mobile-dashboard-${language}`);
    await mobile.locator('header button').first().click();
    await mobile.getByTestId('sidebar').waitFor();
    await screenshot(mobile, `mobile-menu-${language}`);
    await closePage(mobile);
  });
});
