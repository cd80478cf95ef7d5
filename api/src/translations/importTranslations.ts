import Joi from 'joi';
import type { Knex } from 'knex';
import { newVersionSql } from '../db/RecordModel';
import { fieldText, httpError, problem } from '../foundation/httpError';
import { fieldProblem } from '../middleware/validate';
import { messages } from '../resources/fields';
import { entryFields } from './translationsResource';
import type { ImportError, ImportReport, ImportRow, TranslationTexts } from '@kernel/translations/importReport';
import { MAX_IMPORT_ROWS, PLACEHOLDER_MISMATCH, placeholdersDiffer } from '@kernel/translations/translationRules';
import { liveRows } from '../db/liveRows';
import { Translation } from './Translation';

interface StoredEntry extends TranslationTexts {
  id: number;
  namespace: string;
  key: string;
  version: number;
}

interface ImportPlan {
  report: ImportReport;
  updates: Array<StoredEntry>;
}

export const importBody = Joi.object({
  rows: Joi.array().items(Joi.any()).min(1).max(MAX_IMPORT_ROWS).required()
    .messages({ ...messages, 'array.min': 'No rows to import', 'array.max': `At most ${MAX_IMPORT_ROWS} rows` }),
  dryRun: Joi.boolean().required().messages({ ...messages, 'boolean.base': fieldText('invalid_format') }),
});

const rowSchema = Joi.object(entryFields).messages({ 'object.base': fieldText('invalid_format'), 'object.unknown': 'Unknown field' });

const idOf = (entry: { namespace: string; key: string }) => `${entry.namespace}.${entry.key}`;
const given = (text: string | null | undefined) => (text === '' || text === null ? undefined : text);
const sameTexts = (a: TranslationTexts, b: TranslationTexts) => a.zh === b.zh && a.en === b.en && a.description === b.description;
const textsOf = ({ zh, en, description }: TranslationTexts): TranslationTexts => ({ zh, en, description });

/** Each row checked on its own: format, lengths, unknown fields. */
function checkRows(rows: unknown[], errors: ImportError[]): Array<{ index: number; row: ImportRow }> {
  const valid: Array<{ index: number; row: ImportRow }> = [];
  rows.forEach((raw, index) => {
    const { error, value } = rowSchema.validate(raw, { abortEarly: false, convert: true, errors: { wrap: { label: false } } });
    if (!error) {
      valid.push({ index, row: value });
      return;
    }
    const fields = new Set<string>();
    for (const detail of error.details) {
      const field = String(detail.path[0] ?? 'row');
      if (!fields.has(field)) errors.push({ row: index, field, ...fieldProblem(detail), message: detail.message });
      fields.add(field);
    }
  });
  return valid;
}

/**
 * Each id that would be a group of another id, or sit in a group that is itself a text
 * ('app.subtitle' beside 'app.subtitle.short'), with the id it clashes with.
 */
function nestingClashes(ids: string[]): Map<string, string> {
  const leaves = new Set(ids);
  const groups = new Map<string, string>(); // 'app.subtitle' → an id inside that group
  const prefixes = (id: string) => {
    const segments = id.split('.');
    // From 2 segments on: a namespace alone is never a text.
    return segments.slice(2).map((_, n) => segments.slice(0, n + 2).join('.'));
  };
  for (const id of ids) for (const group of prefixes(id)) if (!groups.has(group)) groups.set(group, id);
  const clashes = new Map<string, string>();
  for (const id of ids) {
    const clash = groups.get(id) ?? prefixes(id).find((group) => leaves.has(group));
    if (clash) clashes.set(id, clash);
  }
  return clashes;
}

/**
 * Checks every row and works out what the import would add and change against the live rows.
 * Nothing is written; `applyImport` writes a plan without errors.
 */
export async function planImport(db: Knex | Knex.Transaction, rows: unknown[]): Promise<ImportPlan> {
  const errors: ImportError[] = [];
  const valid = checkRows(rows, errors);
  const live = await Translation.query(db).modify('live')
    .select('id', 'namespace', 'key', 'zh', 'en', 'description', 'version').castTo<StoredEntry[]>();
  const stored = new Map(live.map((entry) => [idOf(entry), entry]));
  const report: ImportReport = { added: [], changed: [], unchanged: 0, errors };
  const updates: StoredEntry[] = [];
  const firstRow = new Map<string, number>();

  for (const { index, row } of valid) {
    const id = idOf(row);
    const first = firstRow.get(id);
    if (first !== undefined) {
      errors.push({ row: index, field: 'key', code: 'duplicate', message: `Duplicate: the same namespace and key as row index ${first}`,
        params: { row: first + 1 } });
      continue;
    }
    firstRow.set(id, index);
    const current = stored.get(id);
    const after: TranslationTexts = {
      zh: given(row.zh) ?? current?.zh ?? '',
      en: given(row.en) ?? current?.en ?? '',
      description: given(row.description) ?? current?.description ?? null,
    };
    if ((given(row.zh) !== undefined || given(row.en) !== undefined) && placeholdersDiffer(after.zh, after.en)) {
      errors.push({ row: index, field: given(row.en) !== undefined ? 'en' : 'zh', code: 'placeholder_mismatch', message: PLACEHOLDER_MISMATCH });
      continue;
    }
    if (!current) report.added.push({ namespace: row.namespace, key: row.key, ...after });
    else if (sameTexts(current, after)) report.unchanged += 1;
    else {
      report.changed.push({ namespace: row.namespace, key: row.key, before: textsOf(current), after });
      updates.push({ ...current, ...after });
    }
  }

  const clashes = nestingClashes([...stored.keys(), ...report.added.map(idOf)]);
  report.added = report.added.filter((entry) => {
    const clash = clashes.get(idOf(entry));
    if (clash) {
      errors.push({ row: firstRow.get(idOf(entry))!, field: 'key', code: 'conflicts_with', message: `Conflicts with ${clash}`,
        params: { other: clash } });
    }
    return !clash;
  });
  errors.sort((a, b) => a.row - b.row);
  return { report, updates };
}

/** Writes a checked plan: the new entries, then every change in a few statements. */
export async function applyImport(trx: Knex.Transaction, { report, updates }: ImportPlan): Promise<void> {
  for (let at = 0; at < report.added.length; at += 500) {
    await Translation.query(trx).insert(report.added.slice(at, at + 500));
  }
  for (let at = 0; at < updates.length; at += 500) {
    const chunk = updates.slice(at, at + 500);
    const result = await trx.raw(
      `update translations t set zh = v.zh, en = v.en, description = v.description, ${newVersionSql('t')}
       from (values ${chunk.map(() => '(?::integer, ?::integer, ?::text, ?::text, ?::text)').join(', ')})
         as v(id, version, zh, en, description)
       where t.id = v.id and t.version = v.version and ${liveRows('t')}
       returning t.id`,
      chunk.flatMap((entry) => [entry.id, entry.version, entry.zh, entry.en, entry.description]));
    if (result.rows.length !== chunk.length) {
      throw httpError('version_conflict', 'Some texts were changed meanwhile: preview the import again',
        { fields: { rows: problem('stale_version', 'Stale version') } });
    }
  }
}

/** The 400 of an import applied with invalid rows, each named `rows.<index>.<field>`. */
export function importRefused(errors: ImportError[]) {
  const rows = new Set(errors.map((error) => error.row)).size;
  return httpError('import_invalid', `${rows} row(s) of the import are invalid: nothing was written`, {
    params: { rows },
    fields: Object.fromEntries(errors.map(({ row, field, code, message, params }) => [`rows.${row}.${field}`, problem(code, message, params)])),
  });
}

/** The activity log's record of an applied import: the counts and the first ids it touched. */
export function importSummary(report: ImportReport): Record<string, unknown> {
  return {
    added: report.added.length,
    changed: report.changed.length,
    unchanged: report.unchanged,
    keys: [...report.added, ...report.changed].slice(0, 100).map(idOf),
  };
}
