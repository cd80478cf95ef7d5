import type { Knex } from 'knex';
import type { OrderStatus } from '@kernel/orders/statusFlow';
import type { PageKey } from '@kernel/permissions/pageKeys';
import type { Role } from '@kernel/users/roles';
import { signedInAs, type Answer, type HttpClient } from '../helpers/httpClient';
import { createOrder, orderBody } from '../helpers/orders';
import { ROLE_PAGES } from '../helpers/rolePages';
import { useSignedInApp } from '../helpers/testApp';

/**
 * docs/roles-and-permissions.md#api-routes-and-their-page-keys for every order call and every demo
 * role with its default pages: reading needs
 * `orders`; creating, editing, deleting, moving the status and uploading or deleting attachments
 * need `new_order`; the batch completion date needs `batch_modification`. A refused call answers
 * 403 and leaves the order, its attachments, its timeline and the activity log as they were.
 */
const { app, admin } = useSignedInApp({ admin: 'admin' });
const refs = { warehouse: 0, area: 0, user: 0 };
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

beforeAll(async () => {
  refs.warehouse = (await admin.create('/api/warehouses', { code: 'W1', name: 'Main DC' })).id;
  refs.area = (await admin.create('/api/delivery-areas', { code: 'A1', name: 'Area 1' })).id;
  refs.user = (await admin.get('/api/user')).body.id;
  // The regional dispatcher works in the area of every order here, so only the page decides.
  const dispatcher = await app.db('users').where({ username: 'regional_dispatcher' }).first('id');
  await app.db('userDeliveryAreas').insert({ userId: dispatcher.id, deliveryAreaId: refs.area });
});

/** Where every order here is: refs' warehouse and area, assigned to the admin. */
const place = () => ({ pickupWarehouseId: refs.warehouse, deliveryAreaId: refs.area, assignedUserId: refs.user });

/** An order with a POD on file, completed unless said otherwise: every call below has something to act on. */
async function fixture(status: OrderStatus = 'completed') {
  const order = await createOrder(admin, place());
  await app.db('orders').where({ id: order.id })
    .update({ status, completionDate: status === 'completed' ? new Date('2026-11-26T10:00:00Z') : null });
  const [attachment] = await app.db('orderAttachments').insert({ orderId: order.id, kind: 'pod', fileName: 'pod.pdf',
    contentType: 'application/pdf', size: PDF.length, content: PDF, uploadedBy: refs.user }).returning('id');
  return { orderId: order.id as number, attachmentId: attachment.id as number };
}

/** Everything a call on the order could change. */
async function stateOf(orderId: number) {
  const count = async (query: Knex.QueryBuilder) => Number(((await query.count({ n: '*' })) as Array<{ n: string }>)[0].n);
  return {
    orders: await count(app.db('orders')),
    order: await app.db('orders').where({ id: orderId }).first(),
    attachments: await app.db('orderAttachments').where({ orderId }).orderBy('id').select('id', 'deletedAt'),
    events: await count(app.db('orderEvents').where({ orderId })),
    logs: await count(app.db('activityLogs').whereNot({ action: 'login' })),
  };
}

async function upload(client: HttpClient, orderId: number): Promise<Answer> {
  const form = new FormData();
  form.append('kind', 'receipt');
  form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'receipt.pdf');
  const res = await fetch(`${app.url}/api/orders/${orderId}/attachments`, { method: 'POST', body: form,
    headers: { cookie: client.cookieHeader } });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

interface Call {
  name: string;
  page: PageKey;
  /** What the call answers when it is allowed. */
  ok: number;
  /** The order's status before the call, when not completed. */
  from?: OrderStatus;
  send: (client: HttpClient, target: { orderId: number; attachmentId: number }) => Promise<Answer>;
}

const CALLS: Call[] = [
  { name: 'create', page: 'new_order', ok: 201, send: (c) => c.post('/api/orders', orderBody(place())) },
  { name: 'edit', page: 'new_order', ok: 200, send: (c, { orderId }) => c.put(`/api/orders/${orderId}`, { notes: 'changed' }) },
  { name: 'delete', page: 'new_order', ok: 200, send: (c, { orderId }) => c.delete(`/api/orders/${orderId}`) },
  { name: 'status transition', page: 'new_order', ok: 200, from: 'awaiting_pod_upload',
    send: (c, { orderId }) => c.post(`/api/orders/${orderId}/transitions`, { to: 'completed' }) },
  { name: 'attachment upload', page: 'new_order', ok: 201, send: (c, { orderId }) => upload(c, orderId) },
  { name: 'attachment delete', page: 'new_order', ok: 200,
    send: (c, { orderId, attachmentId }) => c.delete(`/api/orders/${orderId}/attachments/${attachmentId}`) },
  { name: 'batch completion date', page: 'batch_modification', ok: 200,
    send: (c, { orderId }) => c.post('/api/orders/batch-completion-date', { ids: [orderId], completionDate: '2026-12-01T08:00:00Z' }) },
  { name: 'read', page: 'orders', ok: 200, send: (c, { orderId }) => c.get(`/api/orders/${orderId}`) },
  { name: 'timeline', page: 'orders', ok: 200, send: (c, { orderId }) => c.get(`/api/orders/${orderId}/events`) },
  { name: 'attachment list', page: 'orders', ok: 200, send: (c, { orderId }) => c.get(`/api/orders/${orderId}/attachments`) },
  { name: 'attachment download', page: 'orders', ok: 200,
    send: (c, { orderId, attachmentId }) => c.get(`/api/orders/${orderId}/attachments/${attachmentId}`) },
  { name: 'CSV export', page: 'orders', ok: 200, send: (c) => c.get('/api/orders/export.csv') },
];

const ROLES = Object.keys(ROLE_PAGES) as Role[];
const cases = ROLES.flatMap((role) => CALLS.map((call) => ({ role, call: call.name, page: call.page,
  allowed: ROLE_PAGES[role].includes(call.page) })));

describe('order calls by role and page key', () => {
  const clients = new Map<Role, HttpClient>();
  beforeAll(async () => {
    for (const role of ROLES) clients.set(role, await signedInAs(app.url, role));
  });

  it('covers a refusal and an allowance of every write page', () => {
    for (const page of ['new_order', 'batch_modification']) {
      expect(new Set(cases.filter((c) => c.page === page).map((c) => c.allowed))).toEqual(new Set([true, false]));
    }
  });

  it.each(cases)('$role: $call (needs $page) allowed=$allowed', async ({ role, call: name, allowed }) => {
    const call = CALLS.find((c) => c.name === name)!;
    const target = await fixture(call.from);
    const before = await stateOf(target.orderId);
    const answer = await call.send(clients.get(role)!, target);
    if (allowed) {
      expect([name, answer.status]).toEqual([name, call.ok]);
      return;
    }
    expect([name, answer.status]).toEqual([name, 403]);
    expect(answer.body.message).toMatch(/^Access denied/);
    expect(await stateOf(target.orderId)).toEqual(before);
  });
});
