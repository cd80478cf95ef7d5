import { RecordModel } from '../db/RecordModel';

/** What an attachment proves: a proof of delivery or a receipt (the table's check constraint). */
export const ATTACHMENT_KINDS = ['pod', 'receipt'] as const;

/** A file on an order, kept in the database; its content is read only on download. */
export class OrderAttachment extends RecordModel {
  static tableName = 'order_attachments';

  orderId!: number;
  kind!: (typeof ATTACHMENT_KINDS)[number];
  fileName!: string;
  contentType!: string;
  size!: number;
  content!: Buffer | Uint8Array;
  uploadedBy!: number | null;
}
