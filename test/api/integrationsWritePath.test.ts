import type { Answer, HttpClient } from '../helpers/httpClient';
import { useSignedInApp } from '../helpers/testApp';

// One write path for the integrations' records too (docs/architecture.md#the-write-path): each way
// of writing a webhook or an API token (the form creating and editing, an undo, a trash restore)
// obeys the same rules. A cell per path × rule, each a request that must be refused (and change
// nothing) or must hold. The team leader has no integrations page.
const { app, admin, leader } = useSignedInApp({ admin: 'admin', leader: 'team_leader' });

const REFUSED_URL = 'http://10.0.0.8/hook';
let made = 0;
const webhook = () => admin.create<{ id: number }>('/api/webhooks', { url: `https://hooks.example.com/${made += 1}`, events: ['order.updated'] });
const token = async (userId?: number) => admin.create<{ id: number }>('/api/api-tokens',
  { name: `Token ${made += 1}`, userId: userId ?? (await admin.get('/api/user')).body.id });
const stored = (table: string, id: number) => app.db(table).where({ id }).first();
const lastAction = async (entityType: string, id: number) => (await app.db('activityLogs')
  .where({ entityType, entityId: String(id) }).orderBy('id', 'desc').first('actionId', 'action'));
const undo = (client: HttpClient, actionId: string) => client.post(`/api/actions/${actionId}/undo`);
const restore = (client: HttpClient, type: string, id: number) => client.post(`/api/trash/${type}/${id}/restore`, {});

function refused(answer: Answer, status: number, code: string) {
  expect({ status: answer.status, code: answer.body?.code }).toEqual({ status, code });
}
/** An edit of a webhook's address, undone: the undo writes the log's "before" back, as tampered here when asked. */
async function editedWebhook(before?: string) {
  const { id } = await webhook();
  expect((await admin.put(`/api/webhooks/${id}`, { url: 'https://hooks.example.com/moved' })).status).toBe(200);
  const { actionId } = await lastAction('webhook', id);
  if (before) {
    await app.db('activityLogs').where({ actionId })
      .update({ changes: { url: { before, after: 'https://hooks.example.com/moved' } } });
  }
  return { id, actionId: actionId as string };
}
async function deleted(type: 'webhook' | 'api_token') {
  const { id } = type === 'webhook' ? await webhook() : await token();
  expect((await admin.delete(`/api/${type === 'webhook' ? 'webhooks' : 'api-tokens'}/${id}`)).status).toBe(200);
  return { id, actionId: (await lastAction(type, id)).actionId as string };
}

const RULES = ['the integrations page', "a webhook's address is a public one", 'a revoked token never comes back', 'the log row'] as const;
type Rule = (typeof RULES)[number];

const PATHS: Record<string, Record<Rule, () => Promise<void>>> = {
  'the form, creating (POST)': {
    'the integrations page': async () => {
      refused(await leader.post('/api/webhooks', { url: 'https://hooks.example.com/x', events: ['order.updated'] }), 403, 'page_denied');
      refused(await leader.post('/api/api-tokens', { name: 'Mine', userId: (await leader.get('/api/user')).body.id }), 403, 'page_denied');
    },
    "a webhook's address is a public one": async () => {
      const answer = await admin.post('/api/webhooks', { url: REFUSED_URL, events: ['order.updated'] });
      refused(answer, 400, 'invalid_input');
      expect(answer.body.fields.url.code).toBe('address_refused');
      expect(await app.db('webhooks').where({ url: REFUSED_URL })).toEqual([]);
    },
    'a revoked token never comes back': async () => {
      // A new token is a new secret: the revoked one's name may be used again, not its secret.
      const { id } = await deleted('api_token');
      const again = await admin.create<{ id: number; secret: string }>('/api/api-tokens',
        { name: (await stored('api_tokens', id)).name, userId: (await stored('api_tokens', id)).userId });
      expect(again.id).not.toBe(id);
      expect((await stored('api_tokens', id)).deletedAt).not.toBeNull();
    },
    'the log row': async () => {
      const { id } = await webhook();
      expect((await lastAction('webhook', id)).action).toBe('create');
      const made = await token();
      expect((await lastAction('api_token', made.id)).action).toBe('create');
    },
  },

  'the form, editing (PUT)': {
    'the integrations page': async () => {
      const { id } = await webhook();
      refused(await leader.put(`/api/webhooks/${id}`, { active: false }), 403, 'page_denied');
      expect((await stored('webhooks', id)).active).toBe(true);
    },
    "a webhook's address is a public one": async () => {
      const { id } = await webhook();
      const answer = await admin.put(`/api/webhooks/${id}`, { url: REFUSED_URL });
      refused(answer, 400, 'invalid_input');
      expect(answer.body.fields.url.code).toBe('address_refused');
      expect((await stored('webhooks', id)).url).not.toBe(REFUSED_URL);
    },
    'a revoked token never comes back': async () => {
      const { id } = await deleted('api_token');
      refused(await admin.put(`/api/api-tokens/${id}`, { name: 'Renamed' }), 404, 'not_found');
      expect((await stored('api_tokens', id)).deletedAt).not.toBeNull();
    },
    'the log row': async () => {
      const { id } = await editedWebhook();
      expect((await lastAction('webhook', id)).action).toBe('update');
    },
  },

  'an undo (POST /api/actions/:actionId/undo)': {
    'the integrations page': async () => {
      const { id, actionId } = await editedWebhook();
      refused(await undo(leader, actionId), 403, 'page_denied');
      expect((await stored('webhooks', id)).url).toBe('https://hooks.example.com/moved');
    },
    "a webhook's address is a public one": async () => {
      const { id, actionId } = await editedWebhook(REFUSED_URL);
      const answer = await undo(admin, actionId);
      refused(answer, 409, 'undo_refused');
      expect(answer.body.fields[`records.webhook:${id}`].code).toBe('address_refused');
      expect((await stored('webhooks', id)).url).toBe('https://hooks.example.com/moved');
    },
    'a revoked token never comes back': async () => {
      const { id, actionId } = await deleted('api_token');
      refused(await undo(admin, actionId), 409, 'token_revoked');
      expect((await stored('api_tokens', id)).deletedAt).not.toBeNull();
    },
    'the log row': async () => {
      const { id, actionId } = await editedWebhook();
      expect((await undo(admin, actionId)).status).toBe(200);
      expect((await lastAction('webhook', id)).action).toBe('undo');
    },
  },

  'a trash restore (POST /api/trash/:type/:id/restore)': {
    'the integrations page': async () => {
      const { id } = await deleted('webhook');
      refused(await restore(leader, 'webhook', id), 403, 'page_denied');
      expect((await stored('webhooks', id)).deletedAt).not.toBeNull();
    },
    "a webhook's address is a public one": async () => {
      // A restore writes no address: the webhook comes back with the one checked when it was set.
      const { id } = await deleted('webhook');
      expect((await restore(admin, 'webhook', id)).status).toBe(200);
      expect((await stored('webhooks', id)).url).toMatch(/^https:\/\/hooks\.example\.com\//);
    },
    'a revoked token never comes back': async () => {
      const { id } = await deleted('api_token');
      refused(await restore(admin, 'api_token', id), 409, 'token_revoked');
      expect((await stored('api_tokens', id)).deletedAt).not.toBeNull();
    },
    'the log row': async () => {
      const { id } = await deleted('webhook');
      await restore(admin, 'webhook', id);
      expect((await lastAction('webhook', id)).action).toBe('restore');
    },
  },
};

describe.each(Object.keys(PATHS))('%s', (path) => {
  it.each(RULES)('obeys %s', (rule) => PATHS[path][rule]());
});
