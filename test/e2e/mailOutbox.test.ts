import { chooseLanguage, newPage, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { eventually } from '../helpers/eventually';

// The admins' mail outbox (docs/email.md#the-outbox): reached from the activity log, a failed mail
// with its reason in the reader's language, retried; the person's mail language follows the UI's.
const env = useAppInBrowser();

const mailLanguageOf = async (username: string) => (await env.app.db('mailSettings as m').join('users as u', 'u.id', 'm.userId')
  .where('u.username', username).first('m.language'))?.language;

beforeAll(async () => {
  const biller = (await env.app.db('users').where({ username: 'biller' }).first('id')).id;
  await env.app.db('mailOutbox').insert([
    { userId: biller, template: 'late_mos', status: 'failed', attempts: 1, lastError: 'no_address' },
    { userId: biller, template: 'digest', status: 'sent', attempts: 1, sentAt: new Date() },
  ]);
});

it('admins find the outbox from the activity log, read why a mail failed and retry it; the mail language follows the UI', async () => {
  const page = await newPage(env.browser, env.app.url);
  await signIn(page, 'admin', { path: '/activity-logs', language: 'en' });
  await eventually(async () => expect(await mailLanguageOf('admin')).toBe('en'));
  await page.getByTestId('mail-outbox-link').click();
  await page.getByText('The recipient has no e-mail address').waitFor();
  // The test app has no SMTP_URL: the screen says e-mail is off.
  await page.getByTestId('mail-off').getByText('E-mail is off').waitFor();
  await page.getByText('Daily digest').waitFor();
  await screenshot(page, 'mail-outbox-en');

  await page.getByTestId('retry-mail').click();
  await page.getByTestId('mail-status').filter({ hasText: 'Pending' }).waitFor();
  expect(await env.app.db('activityLogs').where({ action: 'retry', entityType: 'mail' })).toHaveLength(1);

  await chooseLanguage(page, '中文');
  await page.getByText('邮件发件箱').first().waitFor();
  await page.getByTestId('mail-status').filter({ hasText: '待发送' }).waitFor();
  await eventually(async () => expect(await mailLanguageOf('admin')).toBe('cn'));
  await screenshot(page, 'mail-outbox-cn');
});

it('fits a phone, in the dark theme too', async () => {
  const page = await newPage(env.browser, env.app.url, { width: 390, height: 844, colorScheme: 'dark' });
  await signIn(page, 'admin', { path: '/mail-outbox', language: 'cn' });
  await page.getByText('每日延误摘要').waitFor();
  await screenshot(page, 'mail-outbox-phone-cn-dark');
});
