import type { HttpClient } from '../helpers/httpClient';
import { createOrder } from '../helpers/orders';
import { useSignedInApp } from '../helpers/testApp';

const { app, admin, dispatcher } = useSignedInApp({ admin: 'admin', dispatcher: 'regional_dispatcher' });
let orderId: number;
let foreignOrderId: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 2)]);

beforeAll(async () => {
  const ids = {
    pickupWarehouseId: (await admin.post('/api/warehouses', { code: 'W1', name: 'DC' })).body.id,
    assignedUserId: (await admin.get('/api/user')).body.id,
  };
  const area = (await admin.post('/api/delivery-areas', { code: 'A', name: 'Area A' })).body.id;
  const other = (await admin.post('/api/delivery-areas', { code: 'B', name: 'Area B' })).body.id;
  await app.db('userDeliveryAreas').insert({ userId: (await dispatcher.get('/api/user')).body.id, deliveryAreaId: area });
  orderId = (await createOrder(admin, { ...ids, deliveryAreaId: area })).id;
  foreignOrderId = (await createOrder(admin, { ...ids, deliveryAreaId: other })).id;
});

/** Posts a multipart upload the way a browser form does. */
async function upload(client: HttpClient, id: number, parts: { file?: [Buffer, string, string?]; kind?: string; note?: string }) {
  const form = new FormData();
  if (parts.kind !== undefined) form.append('kind', parts.kind);
  if (parts.note !== undefined) form.append('note', parts.note);
  if (parts.file) {
    const [content, name, type] = parts.file;
    form.append('file', new Blob([new Uint8Array(content)], { type: type ?? 'application/octet-stream' }), name);
  }
  const res = await fetch(`${app.url}/api/orders/${id}/attachments`, { method: 'POST', body: form, headers: { cookie: client.cookieHeader } });
  return { status: res.status, body: await res.json() };
}

describe('order attachments', () => {
  it.each([
    ['a PDF', PDF, 'pod scan.pdf', 'application/pdf'],
    ['a PNG', PNG, 'receipt.png', 'image/png'],
    ['a JPEG', JPEG, '签收单.jpg', 'image/jpeg'],
  ])('accepts %s, lists it and downloads it with its original name', async (_label, content, name, type) => {
    const answer = await upload(admin, orderId, { file: [content, name], kind: 'pod' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ kind: 'pod', fileName: name, contentType: type, size: content.length });
    const listed = await admin.get(`/api/orders/${orderId}/attachments`);
    expect(listed.body.map((a: { id: number }) => a.id)).toContain(answer.body.id);
    expect(listed.body[0]).not.toHaveProperty('content');
    const res = await fetch(`${app.url}/api/orders/${orderId}/attachments/${answer.body.id}`, { headers: { cookie: admin.cookieHeader } });
    expect(res.headers.get('content-type')).toBe(type);
    // Plain ASCII names go as filename="…"; others as RFC 5987 filename*=UTF-8''…
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition.startsWith('attachment;')).toBe(true);
    expect(disposition.includes(`filename="${name}"`) || disposition.includes(`filename*=UTF-8''${encodeURIComponent(name)}`)).toBe(true);
    expect(Buffer.from(await res.arrayBuffer()).equals(content)).toBe(true);
  });

  it('refuses a file over 20 MB with 413 and stores nothing', async () => {
    const before = (await admin.get(`/api/orders/${orderId}/attachments`)).body.length;
    const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]);
    const answer = await upload(admin, orderId, { file: [big, 'big.pdf'], kind: 'pod' });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toMatch(/20 MiB/);
    expect((await admin.get(`/api/orders/${orderId}/attachments`)).body.length).toBe(before);
  });

  it('refuses a file whose content is not PDF, JPEG or PNG whatever its name and declared type say', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const answer = await upload(admin, orderId, { file: [html, 'invoice.pdf', 'application/pdf'], kind: 'pod' });
    expect(answer.status).toBe(415);
    expect(answer.body.message).toMatch(/PDF, JPEG and PNG/);
  });

  it.each([
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['..\\..\\windows\\win.ini.pdf', 'win.ini.pdf'],
    ['/abs/path/report.pdf', 'report.pdf'],
    ['....', 'file'],
    ['tab\tnext-line\u0085<pipe|>.pdf', 'tabnext-linepipe.pdf'],
  ])('keeps only the base name of %s, without control and reserved characters', async (name, stored) => {
    const answer = await upload(admin, orderId, { file: [PDF, name], kind: 'receipt' });
    expect(answer.status).toBe(201);
    expect(answer.body.fileName).toBe(stored);
  });

  it('answers 400 without a file, with an unknown kind or a field the form has not, and 415 for a JSON body', async () => {
    expect((await upload(admin, orderId, { kind: 'pod' })).body.errors).toEqual({ file: 'This field is required' });
    const unknownKind = await upload(admin, orderId, { file: [PDF, 'x.pdf'], kind: 'selfie' });
    expect([unknownKind.status, unknownKind.body.fields]).toEqual([400, { kind: expect.objectContaining({ code: 'invalid_value' }) }]);
    const extra = await upload(admin, orderId, { file: [PDF, 'x.pdf'], kind: 'pod', note: 'hi' });
    expect([extra.status, extra.body.fields]).toEqual([400, { note: expect.objectContaining({ code: 'unknown_field' }) }]);
    expect((await admin.post(`/api/orders/${orderId}/attachments`, { file: 'x' })).status).toBe(415);
  });

  it.each([
    ['a file whose closing boundary never comes', 'file'],
    ['a part named other than file, cut short', 'scan'],
  ])('answers 400 to %s, stores nothing and keeps serving', async (_label, field) => {
    const boundary = 'cut-short';
    const body = [`--${boundary}`, 'Content-Disposition: form-data; name="kind"', '', 'pod', `--${boundary}`,
      `Content-Disposition: form-data; name="${field}"; filename="cut.pdf"`, 'Content-Type: application/pdf', '',
      '%PDF-1.4 and then the connection is cut'].join('\r\n');
    const answer = await admin.request('POST', `/api/orders/${orderId}/attachments`, body,
      { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ file: 'Invalid format' });
    expect(Number((await app.db('orderAttachments').where({ fileName: 'cut.pdf' }).count({ n: '*' }).first())?.n)).toBe(0);
    expect((await admin.get('/api/user')).status).toBe(200);
  });

  it('answers 400 to multipart without a boundary', async () => {
    const answer = await admin.request('POST', `/api/orders/${orderId}/attachments`, 'no parts here',
      { 'content-type': 'multipart/form-data' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ file: 'Invalid format' });
  });

  it('keeps a regional dispatcher to the orders of their areas', async () => {
    expect((await upload(dispatcher, orderId, { file: [PDF, 'ok.pdf'], kind: 'pod' })).status).toBe(201);
    expect((await upload(dispatcher, foreignOrderId, { file: [PDF, 'no.pdf'], kind: 'pod' })).status).toBe(404);
    expect((await dispatcher.get(`/api/orders/${foreignOrderId}/attachments`)).status).toBe(404);
  });

  it('deletes softly: gone from the list and the download, logged', async () => {
    const { body } = await upload(admin, orderId, { file: [PDF, 'temp.pdf'], kind: 'receipt' });
    expect((await admin.delete(`/api/orders/${orderId}/attachments/${body.id}`)).status).toBe(200);
    expect((await admin.get(`/api/orders/${orderId}/attachments`)).body.map((a: { id: number }) => a.id)).not.toContain(body.id);
    expect((await admin.get(`/api/orders/${orderId}/attachments/${body.id}`)).status).toBe(404);
    expect(await app.db('orderAttachments').where({ id: body.id }).first()).toMatchObject({ deletedBy: expect.any(Number) });
    const log = await app.db('activityLogs').where({ action: 'delete', entityType: 'order', entityId: String(orderId) }).first();
    expect(log.changes.attachment.before).toMatchObject({ id: body.id, fileName: 'temp.pdf' });
  });

  it('counts a soft delete as a new version of the attachment, like every other write', async () => {
    const { body } = await upload(admin, orderId, { file: [PDF, 'versioned.pdf'], kind: 'receipt' });
    expect(await app.db('orderAttachments').where({ id: body.id }).first('version')).toEqual({ version: 1 });
    await admin.delete(`/api/orders/${orderId}/attachments/${body.id}`);
    expect(await app.db('orderAttachments').where({ id: body.id }).first('version')).toEqual({ version: 2 });
  });

  it('lets an order be completed once a POD is uploaded', async () => {
    const { id } = await createOrder(admin, { pickupWarehouseId: (await app.db('warehouses').first()).id,
      assignedUserId: (await admin.get('/api/user')).body.id, deliveryAreaId: (await app.db('deliveryAreas').first()).id });
    await app.db('orders').where({ id }).update({ status: 'awaiting_pod_upload' });
    expect((await admin.post(`/api/orders/${id}/transitions`, { to: 'completed' })).status).toBe(409);
    await upload(admin, id, { file: [PNG, 'pod.png'], kind: 'pod' });
    expect((await admin.post(`/api/orders/${id}/transitions`, { to: 'completed' })).status).toBe(200);
  });
});
