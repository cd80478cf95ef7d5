/** What POST /api/orders/import reads and answers (api/src/orders/orderImport.ts, docs/order-import.md). */
import type { ErrorParams, FieldErrorCode } from '../errors/errorCodes';

/** The most data rows one file may hold: the benchmark's 10,000 (bench/orderImport.ts). */
export const MAX_IMPORT_ROWS = 10_000;
/** The largest file accepted, in MiB (2^20 bytes), the limit included. */
export const MAX_IMPORT_MB = 10;

/** The columns an import fills, in the template's order: the new-order form's fields. */
export const IMPORT_FIELDS = ['mtmNumber', 'dnNumber', 'supplierId', 'pickupWarehouseId', 'vehicleTypeId',
  'deliveryAreaId', 'assignedUserId', 'pickupDate', 'mosDate', 'notes'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The columns that must be in the file: the form's required fields. */
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ['mtmNumber', 'dnNumber', 'pickupWarehouseId',
  'deliveryAreaId', 'assignedUserId', 'pickupDate', 'mosDate'];

/** A column of the file: the order field its header names, or null when the import leaves it aside. */
export interface ImportColumn {
  header: string;
  field: ImportField | null;
}

/**
 * A cell's problem: `row` is the row's number in the spreadsheet (the header is row 1), `field`
 * the order field, `code` and `params` say why (docs/error-codes.md#field-codes), `message` in
 * English (the seed's own words for the form's rules).
 */
export interface OrderImportError {
  row: number;
  field: ImportField;
  code: FieldErrorCode;
  message: string;
  params?: ErrorParams;
}

/** A row as it would be created: its cells as read, the records they name by their own name. */
export interface OrderImportRow {
  row: number;
  values: Partial<Record<ImportField, string>>;
}

/** The answer of a preview, and of an import (then with `created`). */
export interface OrderImportReport {
  format: 'xlsx' | 'csv';
  /** Data rows read (blank rows skipped). */
  rows: number;
  /** Rows that are (or were) created: the rows without an error. */
  valid: number;
  /** Rows with at least one error, left out of the import. */
  invalid: number;
  columns: ImportColumn[];
  /** The first errors, by row (at most ERRORS_SHOWN); `errorCount` is all of them. */
  errors: OrderImportError[];
  errorCount: number;
  /** The first rows that would be created (at most ROWS_SHOWN). */
  sample: OrderImportRow[];
  /** The import only: how many orders were created. */
  created?: number;
  /** The import only: its action id, for the undo the admin offers (docs/undo.md). */
  actionId?: string;
}

/**
 * How a date cell may be written, as examples (api/src/orders/orderImport.ts reads these and Excel
 * dates): a date error names them (params.formats, ", "-joined).
 */
export const IMPORT_DATE_FORMATS = ['2026-11-27', '2026/11/27', '2026.11.27', '2026年11月27日'] as const;

/** The kind of record each name column looks up (params.entity of `unknown_name` and `ambiguous`). */
export const IMPORT_REFERENCES = {
  supplierId: 'supplier', pickupWarehouseId: 'warehouse', vehicleTypeId: 'vehicle_type', deliveryAreaId: 'delivery_area',
  assignedUserId: 'user',
} as const satisfies Partial<Record<ImportField, string>>;

export const ERRORS_SHOWN = 1_000;
export const ROWS_SHOWN = 100;
