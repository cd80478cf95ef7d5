import { RecordModel } from '../db/RecordModel';
import type { ATTACHMENT_KINDS } from './attachments';

/** A file on an order (a POD or a receipt), kept in the database; its content is read only on download. */
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
