import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Chip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Button, CreateButton, DataTable, List, SearchInput, SelectInput, TopToolbar, useRecordContext, useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { useAppDataProvider } from '../providers/dataProvider';
import { reloadCatalogs } from '../providers/i18nProvider';
import { queryKeys } from '../providers/queryKeys';
import { ExportCsvButton } from '../common/ExportCsvButton';
import { LocalDateField } from '../common/LocalDateField';
import { ResponsiveDataTable, type PhoneLines } from '../common/ResponsiveDataTable';
import { BulkDeleteRecordsButton } from '../trash/DeleteToTrashButtons';
import { TranslationEditDialog } from './TranslationEditDialog';
import { LIST_LOAD_ERROR } from '../common/ListLoadError';
import { SelectionFollowsQuery } from '../common/listSelection';
import { useMayEditTranslations, type TranslationRecord } from './translationModel';

const MISSING_CHOICES = [
  { id: 'zh', name: 'translations.missing.zh' },
  { id: 'en', name: 'translations.missing.en' },
];

/** Search, the namespaces that exist, and "missing Chinese / English". */
function useTranslationFilters() {
  const dataProvider = useAppDataProvider();
  const { data: namespaces } = useQuery({ queryKey: queryKeys.translationNamespaces(),
    queryFn: () => dataProvider.translationNamespaces() });
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="namespace" source="namespace" alwaysOn translateChoice={false}
      choices={(namespaces ?? []).map((name) => ({ id: name, name }))} />,
    <SelectInput key="missing" source="missing" choices={MISSING_CHOICES} alwaysOn />,
  ];
}

const ListActions = ({ mayEdit }: { mayEdit: boolean }) => (
  <TopToolbar>
    {mayEdit && <CreateButton />}
    {mayEdit && (
      <Button label="translations.actions.import" component={Link} to="/translation-import">
        <UploadFileIcon />
      </Button>
    )}
    <ExportCsvButton />
  </TopToolbar>
);

/**
 * Deleting texts, or taking the delete back with the toast's Undo, changes what the screens show
 * (the built-in text returns, or the edited one): the catalogs are reloaded after each.
 */
const BulkDelete = () => <BulkDeleteRecordsButton alsoChanged={reloadCatalogs} />;

/** A text, or a warning chip where the language has none yet. */
const TextCell = ({ source }: { source: 'zh' | 'en' }) => {
  const entry = useRecordContext<TranslationRecord>();
  const translate = useTranslate();
  if (!entry) return null;
  if (entry[source] === '') {
    return <Chip size="small" color="warning" variant="outlined" label={translate('translations.missing_text')} />;
  }
  return (
    <Typography variant="body2" component="span" title={entry[source]} sx={{ display: '-webkit-box', WebkitLineClamp: 2,
      WebkitBoxOrient: 'vertical', overflow: 'hidden', maxWidth: 360, wordBreak: 'break-word' }}>
      {entry[source]}
    </Typography>
  );
};

const Column = DataTable.Col<TranslationRecord>;

const BothTexts = () => <><TextCell source="zh" /><TextCell source="en" /></>;

/** On a phone: the key and its namespace, then both texts. */
const PHONE: PhoneLines<TranslationRecord> = {
  primaryText: (entry) => entry.key,
  secondaryText: <BothTexts />,
  tertiaryText: (entry) => entry.namespace,
};

/**
 * Every message of both languages, by namespace. Admins and managers edit a row's texts in a
 * dialog and the screens change at once; everyone else reads.
 */
const TranslationList = () => {
  const mayEdit = useMayEditTranslations();
  const translate = useTranslate();
  const filters = useTranslationFilters();
  const [editing, setEditing] = useState<TranslationRecord | null>(null);
  return (
    <List {...LIST_LOAD_ERROR} title="menu.translations" filters={filters} actions={<ListActions mayEdit={mayEdit} />}
      sort={{ field: 'namespace', order: 'ASC' }} perPage={25} exporter={false}>
      <SelectionFollowsQuery />
      {!mayEdit && <Alert severity="info" sx={{ m: 1 }} data-testid="translations-read-only">{translate('translations.read_only')}</Alert>}
      <ResponsiveDataTable bulkActionButtons={mayEdit ? <BulkDelete /> : false} phone={PHONE}
        rowClick={mayEdit ? (_id, _resource, entry) => { setEditing(entry); return false; } : false}
        sx={{ '& .RaDataTable-rowCell': { verticalAlign: 'top' } }}>
        <Column source="namespace" />
        <Column source="key" render={(entry) => (
          <Typography variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{entry.key}</Typography>
        )} />
        <Column source="zh" disableSort><TextCell source="zh" /></Column>
        <Column source="en" disableSort><TextCell source="en" /></Column>
        <Column source="description" disableSort />
        <Column source="updatedAt" sx={{ whiteSpace: 'nowrap' }}><LocalDateField source="updatedAt" showTime /></Column>
      </ResponsiveDataTable>
      <TranslationEditDialog entry={editing} onClose={() => setEditing(null)} />
    </List>
  );
};

export default TranslationList;
