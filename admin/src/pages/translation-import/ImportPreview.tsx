import { Alert, Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { messageId } from '../../translations/translationModel';
import { fieldMessage } from '../../providers/errorMessages';
import type { ImportReport } from './useTranslationImport';

/** Beyond this many rows a section says how many more there are; the apply writes them all. */
const SHOWN = 200;

export const ImportSummary = ({ report }: { report: ImportReport }) => {
  const translate = useTranslate();
  const chips: Array<[string, number, 'success' | 'info' | 'default' | 'error']> = [
    ['added', report.added.length, 'success'],
    ['changed', report.changed.length, 'info'],
    ['unchanged', report.unchanged, 'default'],
    ['errors', report.errors.length, 'error'],
  ];
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="import-summary">
      {chips.map(([name, count, color]) => (
        <Chip key={name} color={count > 0 ? color : 'default'} variant={count > 0 ? 'filled' : 'outlined'}
          label={translate(`translation_import.summary.${name}`, { count })} data-testid={`import-count-${name}`} />
      ))}
    </Stack>
  );
};

const Section = ({ title, total, testId, head, children }: {
  title: string; total: number; testId: string; head: ReactNode; children: ReactNode;
}) => {
  const translate = useTranslate();
  if (total === 0) return null;
  return (
    <Box sx={{ mt: 3 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {translate('app.label_count', { label: translate(title), count: total })}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ tableLayout: 'fixed', minWidth: 640, '& td': { verticalAlign: 'top', wordBreak: 'break-word' },
          '& th:first-of-type': { width: '28%' } }}>
          <TableHead><TableRow>{head}</TableRow></TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </Box>
      {total > SHOWN && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('translation_import.more', { count: total - SHOWN })}
        </Typography>
      )}
    </Box>
  );
};

const Heads = ({ names }: { names: string[] }) => {
  const translate = useTranslate();
  return <>{names.map((name) => <TableCell key={name}>{translate(`translation_import.columns.${name}`)}</TableCell>)}</>;
};

const Id = ({ entry }: { entry: { namespace: string; key: string } }) => (
  <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{messageId(entry)}</TableCell>
);

/** A text before and after: unchanged plain, changed as the old text struck out above the new. */
const Change = ({ before, after }: { before: string; after: string }) => {
  if (before === after) return <TableCell sx={{ color: 'text.secondary' }}>{after}</TableCell>;
  return (
    <TableCell>
      <Box component="del" sx={{ display: 'block', color: 'error.main' }}>{before}</Box>
      <Box component="ins" sx={{ display: 'block', color: 'success.main', textDecoration: 'none', fontWeight: 500 }}>
        → {after}
      </Box>
    </TableCell>
  );
};

/** A row's problem as translate() takes it: the field's own wording, else the code's (docs/error-codes.md#field-codes). */
const reason = (error: ImportReport['errors'][number]) => {
  const { key, args } = fieldMessage('translations', error.field, error);
  return [key, args] as const;
};

const ErrorRows = ({ report }: { report: ImportReport }) => {
  const translate = useTranslate();
  return (
    <Section title="translation_import.sections.errors" total={report.errors.length} testId="import-errors"
      head={<Heads names={['row', 'field', 'problem']} />}>
      {report.errors.slice(0, SHOWN).map((error) => (
        <TableRow key={`${error.row}-${error.field}`}>
          <TableCell>{error.row + 1}</TableCell>
          <TableCell>{translate(`resources.translations.fields.${error.field}`, { _: error.field })}</TableCell>
          <TableCell sx={{ color: 'error.main' }}>{translate(...reason(error))}</TableCell>
        </TableRow>
      ))}
    </Section>
  );
};

const AddedRows = ({ report }: { report: ImportReport }) => (
  <Section title="translation_import.sections.added" total={report.added.length} testId="import-added"
    head={<Heads names={['id', 'zh', 'en']} />}>
    {report.added.slice(0, SHOWN).map((entry) => (
      <TableRow key={messageId(entry)}>
        <Id entry={entry} />
        <TableCell>{entry.zh}</TableCell>
        <TableCell>{entry.en}</TableCell>
      </TableRow>
    ))}
  </Section>
);

const ChangedRows = ({ report }: { report: ImportReport }) => (
  <Section title="translation_import.sections.changed" total={report.changed.length} testId="import-changed"
    head={<Heads names={['id', 'zh', 'en']} />}>
    {report.changed.slice(0, SHOWN).map((entry) => (
      <TableRow key={messageId(entry)}>
        <Id entry={entry} />
        <Change before={entry.before.zh} after={entry.after.zh} />
        <Change before={entry.before.en} after={entry.after.en} />
      </TableRow>
    ))}
  </Section>
);

/** What the server says the file would do: the rows' errors first, then the new and changed texts. */
export const ImportPreview = ({ report }: { report: ImportReport }) => {
  const translate = useTranslate();
  const nothing = report.errors.length === 0 && report.added.length + report.changed.length === 0;
  return (
    <Box data-testid="import-preview">
      <ImportSummary report={report} />
      {report.errors.length > 0 && <Alert severity="error" sx={{ mt: 2 }}>{translate('translation_import.has_errors')}</Alert>}
      {nothing && <Alert severity="info" sx={{ mt: 2 }}>{translate('translation_import.nothing_to_apply')}</Alert>}
      <ErrorRows report={report} />
      <ChangedRows report={report} />
      <AddedRows report={report} />
    </Box>
  );
};
