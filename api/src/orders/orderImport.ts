import Router from '@koa/router';
import Joi from 'joi';
import type { Knex } from 'knex';
import { bundledCatalogs, LOCALES, type Locale } from '@kernel/i18n/catalogs';
import {
  ERRORS_SHOWN, IMPORT_DATE_FORMATS, IMPORT_FIELDS, IMPORT_REFERENCES, MAX_IMPORT_MB, REQUIRED_IMPORT_FIELDS, ROWS_SHOWN,
  type ImportColumn, type ImportField, type OrderImportError, type OrderImportReport, type OrderImportRow,
} from '@kernel/orders/orderImport';
import { personName } from '@kernel/users/personName';
import { logActivities, type ActivityEntry } from '../activity/logActivity';
import type { AppState } from '../foundation/appState';
import { fieldRefusal, httpError, problem } from '../foundation/httpError';
import { fieldProblem, takes, type Input } from '../middleware/validate';
import type { Ctx, Row } from '../resources/resource';
import { changedFields } from '../resources/resourceRoutes';
import { flatten, loadTranslator } from '../translations/catalog';
import { englishText } from '../foundation/englishText';
import { takesUpload, type ReadUpload } from '../uploads/readUpload';
import type { RecordModel } from '../db/RecordModel';
import { DeliveryArea } from '../delivery-areas/DeliveryArea';
import { Supplier } from '../suppliers/Supplier';
import { User } from '../users/User';
import { VehicleType } from '../vehicle-types/VehicleType';
import { Warehouse } from '../warehouses/Warehouse';
import { AREA_DENIED, areasOf } from './dispatcherScope';
import { loadExcelJs } from './excelJs';
import { sendErrorFile } from './importErrorFile';
import { isFormula, readSheet, type Cell, type Sheet, type SheetRow } from './importFile';
import { Order } from './Order';
import { bookedBy, createOrderSchema, orderGuards, ordersResource, recordBookings } from './ordersResource';

type ReferenceField = keyof typeof IMPORT_REFERENCES;

/**
 * Where a cell naming a record looks it up: the live rows of `model`, by each of `keys` in turn
 * (a code before a name), ignoring case, width and spaces. `code` is what the template lists
 * beside each name; `unique` what to write when a name is several records' (the first key).
 */
const REFERENCES: Record<ReferenceField, { model: typeof RecordModel; keys: string[]; code: string; unique: string }> = {
  supplierId: { model: Supplier, keys: ['name', 'shortName'], code: 'shortName', unique: 'full name' },
  pickupWarehouseId: { model: Warehouse, keys: ['code', 'name'], code: 'code', unique: 'code' },
  vehicleTypeId: { model: VehicleType, keys: ['code', 'name'], code: 'code', unique: 'code' },
  deliveryAreaId: { model: DeliveryArea, keys: ['code', 'name'], code: 'code', unique: 'code' },
  assignedUserId: { model: User, keys: ['username', 'personName'], code: 'username', unique: 'username' },
};
const isReference = (field: ImportField): field is ReferenceField => field in REFERENCES;
const DATES: readonly ImportField[] = ['pickupDate', 'mosDate'];
const DATE_FORMATS = IMPORT_DATE_FORMATS.join(', ');

/** How names and headers compare: full-width as half-width (NFKC), any case, spaces as one. */
const fold = (value: string) => value.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
/** A header also without spaces, underscores, dashes or the template's required mark (*). */
const foldHeader = (value: string) => fold(value).replace(/[\s_*-]/g, '');

interface Lookup {
  /** Per key, folded value → the ids of the records it names. */
  byKey: Array<Map<string, Set<number>>>;
  labels: Map<number, string>;
  /** The active records, as the template lists them: [code, name]. */
  listed: Array<{ id: number; code: string; name: string }>;
}

async function loadLookup(db: Knex | Knex.Transaction, field: ReferenceField): Promise<Lookup> {
  const { model, keys, code } = REFERENCES[field];
  const rows = await model.query(db).modify('live').orderBy('id').castTo<Array<Record<string, unknown> & { id: number }>>();
  const lookup: Lookup = { byKey: keys.map(() => new Map()), labels: new Map(), listed: [] };
  for (const row of rows) {
    const label = field === 'assignedUserId' ? personName(row) || String(row.username) : String(row.name);
    lookup.labels.set(row.id, label);
    if (row.status === 'active') lookup.listed.push({ id: row.id, code: String(row[code] ?? ''), name: label });
    keys.forEach((key, n) => {
      const value = key === 'personName' ? personName(row) : row[key];
      if (typeof value !== 'string' || !value.trim()) return;
      const folded = fold(value);
      const ids = lookup.byKey[n].get(folded) ?? new Set<number>();
      lookup.byKey[n].set(folded, ids.add(row.id));
    });
  }
  return lookup;
}

/** The record a cell names: the first key that names any decides; several records are ambiguous. */
function resolve(lookup: Lookup, value: string): { id: number } | { code: 'unknown_name' | 'ambiguous'; count?: number } {
  const folded = fold(value);
  for (const byKey of lookup.byKey) {
    const ids = byKey.get(folded);
    if (!ids) continue;
    if (ids.size > 1) return { code: 'ambiguous', count: ids.size };
    return { id: [...ids][0] };
  }
  return { code: 'unknown_name' };
}

/** A cell as the answer repeats it: at most 100 characters, so that a thousand errors stay a small answer. */
const shown = (value: string) => (value.length > 100 ? `${value.slice(0, 99)}…` : value);

/** YYYY-MM-DD from the ways people write a date (IMPORT_DATE_FORMATS): 2026/11/5, 2026年11月5日, with a time or not. */
function calendarDate(value: string): string {
  const match = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?$/.exec(value);
  return match ? `${match[1]}-${match[2].padStart(2, '0')}-${match[3].padStart(2, '0')}` : value;
}

/**
 * Which order field each header names: the field's key or its label in either language, as the
 * live catalog and the bundled one word it (so the export's files and older templates read alike).
 */
async function mapColumns(db: Knex | Knex.Transaction, header: Cell[]): Promise<ImportColumn[]> {
  const names = new Map<string, ImportField>();
  const live = await Promise.all(LOCALES.map((locale) => loadTranslator(db as Knex, locale, ['resources'])));
  const bundled = LOCALES.map((locale) => flatten(bundledCatalogs[locale]));
  for (const field of IMPORT_FIELDS) {
    const id = `resources.orders.fields.${field}`;
    for (const name of [field, ...live.map((t) => t(id)), ...bundled.map((texts) => texts.get(id) ?? field)]) {
      names.set(foldHeader(name), field);
    }
  }
  const taken = new Set<ImportField>();
  return header.map((cell) => {
    const text = typeof cell === 'string' ? cell : '';
    const field = names.get(foldHeader(text)) ?? null;
    // A second column of the same field is left aside: the first one counts.
    if (!field || taken.has(field)) return { header: shown(text), field: null };
    taken.add(field);
    return { header: shown(text), field };
  });
}

interface Plan {
  report: OrderImportReport;
  creates: Row[];
  /** Every error, by row (the report holds the first ERRORS_SHOWN). */
  errors: OrderImportError[];
}

const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Reads every row of the sheet as the new-order form would take it and checks it by the same
 * rules (the create schema, the dispatcher's areas), plus what only a file has: names to match,
 * formulas, a DN number twice in the file or taken by a live order. Nothing is written.
 */
export async function planImport(db: Knex | Knex.Transaction, ctx: Ctx, sheet: Sheet): Promise<Plan> {
  const [header, ...rows] = sheet.rows;
  if (!header || rows.length === 0) throw httpError('import_empty', 'The file holds no data row under its header row');
  const columns = await mapColumns(db, header.cells);
  const missing = REQUIRED_IMPORT_FIELDS.filter((field) => !columns.some((column) => column.field === field));
  if (missing.length > 0) {
    throw httpError('import_columns_missing', `The file lacks required columns: ${missing.join(', ')}`, { params: { columns: missing.join(', ') } });
  }
  const lookups = new Map<ReferenceField, Lookup>();
  for (const field of Object.keys(REFERENCES) as ReferenceField[]) lookups.set(field, await loadLookup(db, field));
  const areas = await areasOf(db, ctx.state.user!);

  const errors: OrderImportError[] = [];
  const checked: Array<{ row: SheetRow; data: Row; values: OrderImportRow['values'] }> = [];
  const firstRowOfDn = new Map<string, number>();
  for (const [n, row] of rows.entries()) {
    if (n % 500 === 499) await yieldToOthers();
    const rowErrors = new Map<ImportField, OrderImportError>();
    const fail = (field: ImportField, code: OrderImportError['code'], message: string, params?: OrderImportError['params']) => {
      if (!rowErrors.has(field)) rowErrors.set(field, { row: row.row, field, code, message, ...(params ? { params } : {}) });
    };
    const input: Row = {};
    const values: OrderImportRow['values'] = {};
    /** The date cells as written, for an error to quote. */
    const written: Partial<Record<ImportField, string>> = {};
    columns.forEach(({ field }, index) => {
      const cell = row.cells[index] ?? null;
      if (!field || cell === null) return;
      if (isFormula(cell)) return fail(field, 'formula', 'Formulas are not accepted: enter the value itself');
      if (isReference(field)) {
        const lookup = lookups.get(field)!;
        const found = resolve(lookup, cell);
        const entity = IMPORT_REFERENCES[field];
        const named = entity.replace('_', ' ');
        if ('id' in found) {
          input[field] = found.id;
          values[field] = lookup.labels.get(found.id);
        } else if (found.code === 'ambiguous') {
          fail(field, 'ambiguous', `${found.count} ${named}s are named "${shown(cell)}": write the ${REFERENCES[field].unique} instead`,
            { value: shown(cell), count: found.count!, entity });
        } else {
          fail(field, 'unknown_name', `No ${named} named "${shown(cell)}"`, { value: shown(cell), entity });
        }
        return;
      }
      if (DATES.includes(field)) written[field] = shown(cell);
      input[field] = DATES.includes(field) ? calendarDate(cell) : cell;
      values[field] = String(input[field]);
    });
    const { error, value } = createOrderSchema.validate(input, { abortEarly: false, convert: true, errors: { wrap: { label: false } } });
    for (const detail of error?.details ?? []) {
      const field = detail.path[0] as ImportField;
      const { code, params } = fieldProblem(detail);
      const date = written[field];
      if (code === 'invalid_format' && date !== undefined) {
        fail(field, code, `"${date}" is not a valid date: write it as ${DATE_FORMATS}`, { value: date, formats: DATE_FORMATS });
      } else {
        fail(field, code, detail.message, params);
      }
    }
    if (areas && typeof input.deliveryAreaId === 'number' && !areas.includes(input.deliveryAreaId)) {
      fail('deliveryAreaId', AREA_DENIED.code, AREA_DENIED.message);
    }
    const dn = typeof value.dnNumber === 'string' ? value.dnNumber : undefined;
    if (dn !== undefined) {
      const first = firstRowOfDn.get(dn);
      if (first !== undefined) fail('dnNumber', 'duplicate', englishText('order_validation.dn_repeated').replace('%{row}', String(first)), { row: first });
      else firstRowOfDn.set(dn, row.row);
    }
    if (rowErrors.size > 0) errors.push(...rowErrors.values());
    else checked.push({ row, data: value, values });
  }

  // A DN number a live order has already: one query per thousand, by the unique index.
  const taken = new Set<string>();
  const dns = checked.map(({ data }) => data.dnNumber as string);
  for (let at = 0; at < dns.length; at += 1000) {
    const found = await Order.query(db).modify('live').whereIn('dnNumber', dns.slice(at, at + 1000)).select('dnNumber');
    for (const { dnNumber } of found) taken.add(dnNumber);
  }
  const creates = checked.filter(({ row, data }) => {
    if (!taken.has(data.dnNumber as string)) return true;
    errors.push({ row: row.row, field: 'dnNumber', code: 'already_exists', message: englishText('order_validation.dn_taken') });
    return false;
  });
  errors.sort((a, b) => a.row - b.row || IMPORT_FIELDS.indexOf(a.field) - IMPORT_FIELDS.indexOf(b.field));

  return {
    report: {
      format: sheet.format,
      rows: rows.length,
      valid: creates.length,
      invalid: rows.length - creates.length,
      columns,
      errors: errors.slice(0, ERRORS_SHOWN),
      errorCount: errors.length,
      sample: creates.slice(0, ROWS_SHOWN).map(({ row, values }) => ({ row: row.row, values })),
    },
    creates: creates.map(({ data }) => data),
    errors,
  };
}

/**
 * Creates the planned orders, a batch of 1,000 rows a statement, each with its booking event; then
 * their activity-log rows in one statement, so that live streams hear of the import as one notice
 * (more than 500 rows: one resync, live/changeFeed.ts), not one per batch, each refetching all.
 */
async function createOrders(trx: Knex.Transaction, ctx: Ctx, creates: Row[]): Promise<string> {
  const userId = ctx.state.user!.id;
  const entries: ActivityEntry[] = [];
  for (let at = 0; at < creates.length; at += 1000) {
    const batch = creates.slice(at, at + 1000);
    const created = await Order.query(trx).insert(batch.map((data) => bookedBy(userId, data))).returning('*').castTo<Row[]>();
    await recordBookings(trx, userId, created as Array<{ id: number; status: string }>);
    entries.push(...created.map((order, n) => ({ action: 'import', entityType: 'order', entityId: order.id as number,
      changes: changedFields(ordersResource, {}, order, Object.keys(batch[n])) })));
  }
  return logActivities(trx, ctx, entries);
}

/** The spreadsheet's form (field `file`, at most MAX_IMPORT_MB) with `fields` beside it. */
const sheetForm = <F>(fields: Joi.Schema<F>) => ({ fields, maxBytes: MAX_IMPORT_MB * 2 ** 20 });

/** The preview's and the import's form: whether to create the rows, and how many the preview found valid. */
const importForm = sheetForm(Joi.object<{ dryRun: boolean; expect?: number }>({
  dryRun: Joi.boolean().required(),
  expect: Joi.number().integer().min(0).when('dryRun', { is: false, then: Joi.required() }),
}));

/** The uploaded spreadsheet, read, and the form's other fields. */
async function uploadedSheet<F>(upload: ReadUpload<F>): Promise<{ sheet: Sheet; fields: F }> {
  const { content, fields } = await upload();
  if (!content?.length) throw fieldRefusal('invalid_input', 'Choose a file to import', 'file', problem('required'));
  return { sheet: await readSheet(content), fields };
}

/**
 * POST /api/orders/import, multipart: the spreadsheet in `file`, `dryRun` true for the preview;
 * false, with `expect` the preview's count of valid rows, creates them all in one transaction or
 * nothing (docs/order-import.md).
 */
const importOrders = takesUpload({ upload: importForm }, async (ctx: Ctx, { upload }) => {
  const { sheet, fields: { dryRun, expect } } = await uploadedSheet(upload);
  if (dryRun) {
    ctx.body = (await planImport(ctx.state.db, ctx, sheet)).report;
    return;
  }
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    const { report, creates } = await planImport(trx, ctx, sheet);
    if (creates.length !== expect) {
      throw httpError('import_changed', `${creates.length} rows are valid now, ${expect} were in the preview: check the file again`,
        { params: { valid: creates.length, expected: expect! } });
    }
    if (creates.length === 0) throw httpError('import_empty', 'No row of the file can be created');
    const actionId = await createOrders(trx, ctx, creates);
    return { ...report, created: creates.length, actionId };
  });
  ctx.status = 201;
});

const localeQuery = Joi.object({ locale: Joi.string().valid(...LOCALES).default('cn') });

/**
 * POST /api/orders/import/errors.xlsx and errors.csv?locale=, multipart: the same file as the
 * preview's, alone; answers its rows that have errors, each with every problem in that language.
 */
const errorFile = (format: 'xlsx' | 'csv') => takesUpload<object, { locale: Locale }>({ query: localeQuery, upload: sheetForm(Joi.object({})) },
  async (ctx, { query: { locale }, upload }) => {
    const { sheet } = await uploadedSheet(upload);
    const { errors } = await planImport(ctx.state.db, ctx, sheet);
    await sendErrorFile(ctx, { sheet, errors, format, locale });
  });

/**
 * The active records a template lists (a dispatcher: their areas only), each with what a cell may
 * write for it: its name when that names it alone, else its code.
 */
async function listedRecords(ctx: Ctx, field: ReferenceField): Promise<Array<{ code: string; name: string; cell: string }>> {
  const lookup = await loadLookup(ctx.state.db, field);
  const areas = field === 'deliveryAreaId' ? await areasOf(ctx.state.db, ctx.state.user!) : undefined;
  return lookup.listed.filter(({ id }) => !areas || areas.includes(id)).map(({ id, code, name }) => {
    const found = resolve(lookup, name);
    return { code, name, cell: 'id' in found && found.id === id ? name : code };
  });
}

function exampleRow(lists: Map<ReferenceField, Array<{ cell: string }>>, notes: string): Record<ImportField, unknown> {
  const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const stamp = today.toISOString().slice(2, 10).replaceAll('-', '');
  const reference = (field: ReferenceField) => lists.get(field)?.[0]?.cell ?? null;
  return {
    mtmNumber: `MTM${stamp}001`, dnNumber: `DN${stamp}0001`, supplierId: reference('supplierId'),
    pickupWarehouseId: reference('pickupWarehouseId'), vehicleTypeId: reference('vehicleTypeId'), deliveryAreaId: reference('deliveryAreaId'),
    assignedUserId: reference('assignedUserId'), pickupDate: today, mosDate: new Date(today.getTime() + 3 * 86_400_000), notes,
  };
}

/**
 * GET /api/orders/import/template.xlsx: the sheet to fill, an example sheet (only the first sheet
 * is ever imported) and the records a cell may name.
 */
async function template(ctx: Ctx, { query: { locale } }: Input<unknown, { locale: Locale }>) {
  const t = await loadTranslator(ctx.state.db, locale, ['resources', 'order_import']);
  const fields: ReferenceField[] = ['pickupWarehouseId', 'deliveryAreaId', 'vehicleTypeId', 'supplierId', 'assignedUserId'];
  const lists = new Map(await Promise.all(fields.map(async (field) => [field, await listedRecords(ctx, field)] as const)));
  const workbook = new (await loadExcelJs()).Workbook();
  const headedSheet = (name: 'orders' | 'example') => {
    const sheet = workbook.addWorksheet(t(`order_import.template_sheets.${name}`), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = IMPORT_FIELDS.map((field) => ({
      header: `${t(`resources.orders.fields.${field}`)}${REQUIRED_IMPORT_FIELDS.includes(field) ? ' *' : ''}`,
      key: field,
      width: field === 'notes' ? 40 : 18,
      // Numbers typed as text stay text (a long MTM number is not turned into 1.23E+15); dates as dates.
      style: { numFmt: DATES.includes(field) ? 'yyyy-mm-dd' : '@' },
    }));
    sheet.getRow(1).font = { bold: true };
    return sheet;
  };
  headedSheet('orders');
  headedSheet('example').addRow(exampleRow(lists, t('order_import.example_notes')));
  const reference = workbook.addWorksheet(t('order_import.template_sheets.reference'));
  fields.forEach((field, n) => {
    const column = n * 3 + 1;
    reference.getColumn(column).width = 16;
    reference.getColumn(column + 1).width = 24;
    reference.getCell(1, column).value = t(`resources.orders.fields.${field}`);
    reference.getCell(1, column).font = { bold: true };
    reference.getCell(2, column).value = t(`order_import.template_columns.${field === 'supplierId' ? 'short_name' : field === 'assignedUserId' ? 'username' : 'code'}`);
    reference.getCell(2, column + 1).value = t('order_import.template_columns.name');
    lists.get(field)!.forEach(({ code, name }, row) => {
      reference.getCell(row + 3, column).value = code;
      reference.getCell(row + 3, column + 1).value = name;
    });
  });
  ctx.type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  ctx.attachment(`${t('order_import.template_file')}.xlsx`);
  ctx.body = Buffer.from(await workbook.xlsx.writeBuffer());
}

// Before the orders resource in app.ts: these fixed paths win over its /:id.
export const orderImportRoutes = new Router<AppState>({ prefix: '/api/orders/import' })
  .get('/template.xlsx', orderGuards.write, takes({ query: localeQuery }, template))
  .post('/errors.xlsx', orderGuards.write, errorFile('xlsx'))
  .post('/errors.csv', orderGuards.write, errorFile('csv'))
  .post('/', orderGuards.write, importOrders);
