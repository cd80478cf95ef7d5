import Joi from 'joi';
import type { Knex } from 'knex';
import { fieldRefusal, httpError, problem } from '../foundation/httpError';
import { requireRole, requireUser } from '../middleware/guard';
import { messages, partial } from '../resources/fields';
import { likePattern } from '../resources/listQuery';
import { ofRecordType, type Input, type ResourceDef } from '../resources/resource';
import { invalidateCatalogsOnCommit } from './catalog';
import { Translation } from './Translation';
import {
  KEY_PATTERN, keysNest, MAX_DESCRIPTION, MAX_KEY, MAX_NAMESPACE, MAX_TEXT, NAMESPACE_PATTERN, PLACEHOLDER_MISMATCH,
  placeholders, placeholdersDiffer, TEXT_FIELDS, TRANSLATION_EDITORS, type TextField,
} from '@kernel/translations/translationRules';

// Texts are kept as typed, spaces included: react-admin's own `ra.boolean.null` is a single space.
const text = () => Joi.string().max(MAX_TEXT).allow('', null).messages(messages);

/** The joi fields of an entry; the import checks each of its rows with them too. */
export const entryFields = {
  namespace: Joi.string().trim().max(MAX_NAMESPACE).pattern(NAMESPACE_PATTERN).required().messages(messages),
  key: Joi.string().trim().max(MAX_KEY).pattern(KEY_PATTERN).required().messages(messages),
  zh: text(),
  en: text(),
  description: Joi.string().trim().max(MAX_DESCRIPTION).allow('', null).messages(messages),
};

const create = Joi.object(entryFields);

/** What `create` passes: a message id, its texts as sent. */
type NewEntry = Input<Translation> & Pick<Translation, 'namespace' | 'key'>;

/** A cleared text is stored as '' (the columns are not null); "missing" filters find it. */
function withTexts<T extends Input<Translation>>(data: T): T {
  const out = { ...data };
  for (const field of TEXT_FIELDS) if (out[field] === null) out[field] = '';
  return out;
}

function refusePlaceholderMismatch(zh: string, en: string, field: TextField): void {
  if (!placeholdersDiffer(zh, en)) return;
  const [zhNames, enNames] = [placeholders(zh).join(', '), placeholders(en).join(', ')];
  throw httpError('placeholder_mismatch', `Placeholders differ: zh has [${zhNames}], en has [${enNames}]`,
    { params: { zh: zhNames, en: enNames }, fields: { [field]: problem('placeholder_mismatch', PLACEHOLDER_MISMATCH) } });
}

/** A new key must be neither taken nor a group of, or grouped under, a live key of its namespace. */
async function refuseClash(trx: Knex.Transaction, namespace: string, key: string): Promise<void> {
  const keys = (await Translation.query(trx).modify('live').where({ namespace }).select('key')).map((row) => row.key);
  if (keys.includes(key)) {
    throw httpError('unique_violation', `Duplicate key: ${namespace}.${key} already exists`,
      { params: { field: 'key' }, fields: { key: problem('already_exists', 'Already exists') } });
  }
  const nested = keys.find((other) => keysNest(key, other));
  if (nested) {
    const other = `${namespace}.${nested}`;
    throw httpError('key_conflict', `${namespace}.${key} cannot sit beside ${other}: a text cannot also be a group of texts`,
      { params: { key: `${namespace}.${key}`, other }, fields: { key: problem('conflicts_with', `Conflicts with ${other}`, { other }) } });
  }
}

/**
 * The messages of both languages, on the shared protocol. Every signed-in user reads them
 * (/translations has no page key: docs/routes-and-pages.md#route-table); only admins and managers write.
 */
export const translationsResource: ResourceDef<Translation, NewEntry> = {
  ...ofRecordType('translation'),
  model: Translation,
  guards: { read: requireUser(), write: requireRole(TRANSLATION_EDITORS) },
  label: 'key',
  list: {
    sortable: ['id', 'namespace', 'key', 'updatedAt'],
    defaultSort: { field: 'namespace', order: 'asc' },
    // `q` is a custom filter below: it also finds a full message id such as "app.subtitle".
    search: [],
    filters: { namespace: 'eq' },
    customFilters: {
      q(query, value) {
        const pattern = likePattern(String(value));
        query.where((q) => q.whereRaw(`translations.namespace || '.' || translations.key ilike ?`, [pattern])
          .orWhere('translations.zh', 'ilike', pattern).orWhere('translations.en', 'ilike', pattern)
          .orWhere('translations.description', 'ilike', pattern));
      },
      /** `missing: 'zh' | 'en'`: the entries without a text in that language. */
      missing(query, value) {
        if (!(TEXT_FIELDS as readonly unknown[]).includes(value)) {
          throw fieldRefusal('invalid_query', 'Filter "missing" takes "zh" or "en"', 'missing', problem('invalid_value'));
        }
        query.where(`translations.${value as TextField}`, '');
      },
    },
    export: {
      title: 'menu.translations',
      columns: [{ field: 'namespace' }, { field: 'key' }, { field: 'zh' }, { field: 'en' }, { field: 'description' },
        { field: 'updatedAt', as: 'instant' }],
    },
  },
  write: { schemas: { create, update: partial(create) }, readOnly: ['namespace', 'key'] },
  // Each write drops the public catalogs held in memory once it commits (catalog.ts).
  hooks: {
    async beforeCreate(_ctx, data, trx) {
      invalidateCatalogsOnCommit(trx);
      const entry = withTexts(data);
      refusePlaceholderMismatch(entry.zh ?? '', entry.en ?? '', 'en');
      await refuseClash(trx, entry.namespace, entry.key);
      return entry;
    },
    beforeUpdate(_ctx, patch, existing, trx) {
      invalidateCatalogsOnCommit(trx);
      const next = withTexts(patch);
      if ('zh' in next || 'en' in next) {
        refusePlaceholderMismatch(next.zh ?? existing.zh, next.en ?? existing.en, 'en' in next ? 'en' : 'zh');
      }
      return next;
    },
    beforeDelete(_ctx, _existing, trx) {
      invalidateCatalogsOnCommit(trx);
    },
    beforeTrashAction(_ctx, _deleted, _action, trx) {
      invalidateCatalogsOnCommit(trx);
    },
  },
};
