import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { chooseLanguage, closePage, expectCount, newPage, openInApp, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { captureLog } from '../helpers/capturedLog';
import { signedInAs } from '../helpers/httpClient';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';

// A person's request waits a second for the database (DATABASE_REQUEST_TIMEOUT_MS, and for a
// connection DATABASE_ACQUIRE_TIMEOUT_MS), as an operator may set it: past that the server answers
// 503 with the request's id, which the admin shows as the message's reference.
const env = useAppInBrowser({ timeouts: true, env: { DATABASE_REQUEST_TIMEOUT_MS: '1000', DATABASE_ACQUIRE_TIMEOUT_MS: '1000' } });

/**
 * Holds a table until the returned release: on a server, an open transaction's exclusive lock on
 * it; the embedded database's one connection whole. The app's next read of it meets its deadline.
 */
async function holdTable(db: Knex, table: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  let held!: () => void;
  const holding = new Promise<void>((resolve) => { held = resolve; });
  const done = db.transaction(async (trx) => {
    await trx.raw(`lock table ${table} in access exclusive mode`);
    held();
    await released;
  });
  await holding;
  return async () => {
    release();
    await done;
  };
}

/**
 * Opens a list (suppliers, warehouses: its table's name) while its table is held: the answer's
 * request id, the message the page shows, and the server's log line of that request.
 */
async function failedList(page: Page, resource: string) {
  const log = captureLog('error');
  const release = await holdTable(env.app.db, resource);
  try {
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/${resource}`);
    await openInApp(page, `/${resource}`);
    const response = await answer;
    expect(response.status()).toBe(503);
    const { requestId } = await response.json() as { requestId: string };
    const message = page.locator('.MuiSnackbar-root').filter({ hasText: requestId.slice(0, 8) });
    await message.waitFor();
    const inList = page.getByTestId('list-load-error').filter({ hasText: requestId.slice(0, 8) });
    await inList.waitFor();
    return { requestId, message: await message.innerText(), inList: await inList.innerText(),
      logLine: log.lines.find((line) => line.requestId === requestId) };
  } finally {
    await release();
    log.restore();
  }
}

beforeAll(async () => {
  const admin = await signedInAs(env.app.url, 'admin');
  await admin.create('/api/suppliers', { name: '恒通快运', ...SUPPLIER_CONTACT });
});

describe('a server error in the admin', () => {
  it('says what failed with the answer\'s reference, in each language, which leads to the server\'s log line', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin');
    const chinese = await failedList(page, 'suppliers');
    expect(chinese.message).toContain(`数据库暂时不可用，请稍后再试（参考编号：${chinese.requestId.slice(0, 8)}）`);
    expect(chinese.logLine).toMatchObject({ route: '/api/suppliers', status: 503 });
    // The list says it could not be read, rather than that there is nothing, and offers to try again.
    expect(chinese.inList).toContain('列表未能加载：数据库暂时不可用');
    await expectCount(page.getByText('未找到供应商'), 0);
    await screenshot(page, 'server-error-cn', { fullPage: false });
    await page.getByRole('button', { name: '重试' }).click();
    await page.getByText('恒通快运').waitFor();
    await expectCount(page.getByTestId('list-load-error'), 0);
    await openInApp(page, '/');
    await chooseLanguage(page, 'English');
    const english = await failedList(page, 'warehouses');
    expect(english.message).toContain(`The database is unavailable: please try again shortly (reference ${english.requestId.slice(0, 8)})`);
    expect(english.inList).toContain(`The list could not be loaded: The database is unavailable: please try again shortly (reference ${english.requestId.slice(0, 8)})`);
    await expectCount(page.getByText('No Warehouses found'), 0);
    await screenshot(page, 'server-error-en', { fullPage: false });
    await closePage(page);
  });
});
