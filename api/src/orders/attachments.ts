import path from 'node:path';
import Router from '@koa/router';
import Joi from 'joi';
import { logActivity } from '../activity/logActivity';
import type { AppState } from '../foundation/appState';
import { fieldRefusal, httpError, problem } from '../foundation/httpError';
import type { Ctx } from '../resources/resource';
import { orderGuards, visibleOrder } from './ordersResource';
import { personNameSql } from '../users/personNameSql';
import { pathId } from '../resources/pathId';
import { takesUpload } from '../uploads/readUpload';
import { ATTACHMENT_KINDS, OrderAttachment } from './OrderAttachment';

export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

/** The accepted file types, recognised by their first bytes, never by name or declared type. */
const SIGNATURES: Array<{ contentType: string; magic: number[] }> = [
  { contentType: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { contentType: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { contentType: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
];

function detectContentType(content: Buffer): string | undefined {
  return SIGNATURES.find(({ magic }) => magic.every((byte, i) => content[i] === byte))?.contentType;
}

/** The name shown and offered on download: no folders, no control or quote characters. */
function safeFileName(name: string): string {
  const base = path.posix.basename(name.replace(/\\/g, '/'));
  const clean = base.replace(/[\p{Cc}"<>|:*?]/gu, '').replace(/^\.+/, '').trim().slice(0, 200);
  return clean || 'file';
}

const listColumns = ['id', 'orderId', 'kind', 'fileName', 'contentType', 'size', 'uploadedBy', 'createdAt'] as const;

/** The upload form: what the file is, beside the file. */
const uploadForm = { maxBytes: MAX_ATTACHMENT_BYTES,
  fields: Joi.object<{ kind: OrderAttachment['kind'] }>({ kind: Joi.string().valid(...ATTACHMENT_KINDS).required() }) };

const upload = takesUpload({ upload: uploadForm }, async (ctx: Ctx, { upload: read }) => {
  const orderId = await visibleOrder(ctx);
  const { fields: { kind }, fileName, content } = await read();
  if (!content || content.length === 0) {
    throw fieldRefusal('invalid_input', 'Choose a file to upload', 'file', problem('required'));
  }
  const contentType = detectContentType(content);
  if (!contentType) throw httpError('unsupported_file_type', 'Only PDF, JPEG and PNG files are accepted (checked by their content, not their name)');
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    const inserted = await OrderAttachment.query(trx).insert({ orderId, kind,
      fileName: safeFileName(fileName ?? ''), contentType, size: content.length, content, uploadedBy: ctx.state.user!.id })
      .returning([...listColumns]);
    // The model keeps all it inserted, the content too: the answer holds the list's columns only.
    const row = Object.fromEntries(listColumns.map((column) => [column, inserted[column]]));
    await logActivity(trx, ctx, { action: 'upload', entityType: 'order', entityId: orderId,
      changes: { attachment: { before: null, after: { id: row.id, kind, fileName: row.fileName, size: row.size } } } });
    return row;
  });
  ctx.status = 201;
});

async function list(ctx: Ctx) {
  const orderId = await visibleOrder(ctx);
  ctx.body = await OrderAttachment.query(ctx.state.db).alias('a').modify('live').leftJoin('users as u', 'u.id', 'a.uploadedBy')
    .where('a.orderId', orderId).orderBy('a.id')
    .select(...listColumns.map((c) => `a.${c}`), OrderAttachment.raw(`coalesce(${personNameSql('u')}, '') as uploaded_by_name`));
}

async function findAttachment(ctx: Ctx, orderId: number, db = ctx.state.db) {
  const attachmentId = pathId(ctx, 'attachmentId');
  const row = await OrderAttachment.query(db).modify('live').findOne({ id: attachmentId, orderId });
  if (!row) throw httpError('not_found', `No attachment ${attachmentId} on order ${orderId}`, { params: { entity: 'attachment', id: attachmentId } });
  return row;
}

async function download(ctx: Ctx) {
  const row = await findAttachment(ctx, await visibleOrder(ctx));
  ctx.attachment(row.fileName);
  ctx.type = row.contentType;
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = Buffer.from(row.content); // PGlite answers bytea as a Uint8Array
}

async function remove(ctx: Ctx) {
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    const orderId = await visibleOrder(ctx, trx);
    const row = await findAttachment(ctx, orderId, trx);
    await OrderAttachment.query(trx).findById(row.id).patch({ deletedAt: new Date(), deletedBy: ctx.state.user!.id });
    await logActivity(trx, ctx, { action: 'delete', entityType: 'order', entityId: orderId,
      changes: { attachment: { before: { id: row.id, kind: row.kind, fileName: row.fileName }, after: null } } });
    return { id: row.id };
  });
}

export const attachmentRoutes = new Router<AppState>({ prefix: '/api/orders/:id/attachments' })
  .get('/', orderGuards.read, list)
  .post('/', orderGuards.write, upload)
  .get('/:attachmentId', orderGuards.read, download)
  .delete('/:attachmentId', orderGuards.write, remove);
