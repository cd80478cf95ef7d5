import { Box, Chip, Stack, Typography } from '@mui/material';
import { useGetMany, useTranslate, type Identifier } from 'react-admin';
import { fieldKindOf, type FieldKind } from '@kernel/activity/fieldKinds';
import { isRecordType, RECORD_TYPES } from '@kernel/resources/recordTypes';
import { dateStyleOf, useDateFormat } from './dateFormat';
import { displayName } from './displayName';
import { moneyText } from './moneyText';

/** The resource that names records of an entity type now: its picker, as the forms' pickers do, else its own. */
const namedBy = (type: string) => (isRecordType(type) ? RECORD_TYPES[type].picker ?? RECORD_TYPES[type].name : type);

/** Names of referenced records, by id as text. */
export type Names = Readonly<Record<string, string>>;

const idsOf = (value: unknown): Identifier[] => (Array.isArray(value) ? value : [value])
  .filter((id): id is number => typeof id === 'number');

const NameChips = ({ ids, names }: { ids: Identifier[]; names: Names }) => (
  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
    {ids.map((id) => <Chip key={id} size="small" label={names[String(id)] ?? `#${id}`} />)}
  </Stack>
);

/** Records named by the names they have now: the History's "now" column. */
const NamesNow = ({ type, ids, list }: { type: string; ids: Identifier[]; list: boolean }) => {
  const { data = [] } = useGetMany(namedBy(type), { ids });
  const names = Object.fromEntries(data.map((record) => [String(record.id), displayName(record)]));
  return list ? <NameChips ids={ids} names={names} /> : <>{names[String(ids[0])] ?? `#${ids[0]}`}</>;
};

const Nothing = () => <Typography component="span" color="text.disabled">—</Typography>;

/**
 * A logged value as the record's form shows it (docs/undo.md#a-records-history): a choice by its
 * label in the reader's language, a reference by the record's name (`names`: the names the log
 * gave them then; without, their names now), money and dates formatted, yes and no as words.
 * Other objects (an attachment, a purged record) read as indented JSON, nothing as a dash.
 */
export const LoggedValue = ({ entityType, field, value, names }: {
  entityType: string | null; field: string; value: unknown; names?: Names;
}) => {
  const translate = useTranslate();
  const format = useDateFormat();
  const kind: FieldKind | undefined = fieldKindOf(entityType, field);
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return <Nothing />;
  if (kind && ('ref' in kind || 'refs' in kind)) {
    const ids = idsOf(value);
    const list = 'refs' in kind;
    if (!names) return <NamesNow type={'ref' in kind ? kind.ref : kind.refs} ids={ids} list={list} />;
    return list ? <NameChips ids={ids} names={names} /> : <>{names[String(ids[0])] ?? `#${ids[0]}`}</>;
  }
  if (kind && 'enum' in kind) return <>{translate(`${kind.enum}.${String(value)}`, { _: String(value) })}</>;
  if (kind && 'money' in kind && (typeof value === 'string' || typeof value === 'number')) return <>{moneyText(String(value))}</>;
  if (typeof value === 'boolean') return <>{translate(value ? 'ra.boolean.true' : 'ra.boolean.false')}</>;
  const dateStyle = typeof value === 'string' ? dateStyleOf(value) : undefined;
  if (dateStyle) return <>{format[dateStyle](value as string)}</>;
  if (typeof value !== 'object') return <>{String(value)}</>;
  return (
    <Box component="pre" sx={{ m: 0, fontFamily: 'monospace', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {JSON.stringify(value, null, 2)}
    </Box>
  );
};
