import type { SecretTexts } from '../common/SecretShownOnce';

/** A webhook's signing secret, shown once at its creation and at each rotation: the texts of webhooks.secret. */
export const WEBHOOK_SECRET_TEXTS: SecretTexts = {
  title: 'webhooks.secret.title', body: 'webhooks.secret.body', label: 'webhooks.secret.label',
  copy: 'webhooks.secret.copy', copied: 'webhooks.secret.copied', done: 'webhooks.secret.done',
};

/** The test id of the field the secret is shown in. */
export const SECRET_TEST_ID = 'webhook-secret';
