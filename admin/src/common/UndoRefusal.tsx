import { Box } from '@mui/material';
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { useToast } from '../layout/useToast';
import { answerOf, type FieldError } from '../providers/errorMessages';
import { useAuditLabels } from './auditVocabulary';
import { useErrorNotice, useErrorText } from './useServerErrors';

/** How many refused records are listed; the others are counted ("… (+n)"). */
const LISTED = 5;

/** What a refused undo says: a title, and for `undo_refused` each refused record with its reason. */
export interface UndoRefusalText {
  title: string;
  records: string[];
  /** "… (+n)": the refused records not listed. */
  more?: string;
}

/**
 * An undo's refusal in the person's language (docs/undo.md#in-the-admin). An `undo_refused` answer
 * names each refused record in `fields` (`records.<type>:<id>` → its reason's field code, with the
 * record's name as `label` and the refused `field`): the title counts them and each of the first
 * five gets a line, "MTM-1 (Status): <reason>"; any other refusal is its code's text.
 */
export function useUndoRefusalText() {
  const translate = useTranslate();
  const labels = useAuditLabels();
  const errorText = useErrorText();
  return useCallback((error: unknown): UndoRefusalText => {
    const { body } = answerOf(error);
    const refused = body.code === 'undo_refused' ? Object.entries((body.fields ?? {}) as Record<string, FieldError>) : [];
    if (refused.length === 0) return { title: errorText(error), records: [] };
    const records = refused.slice(0, LISTED).map(([key, { code, params = {} }]) => {
      // The code's own text (a field's or a request's), else the generic conflict.
      const reason = translate(`errors.${code}`, { ...params, _: translate('errors.status.409') });
      const [, entityType = null, id = key] = /^records\.([^:]+):(.*)$/.exec(key) ?? [];
      const label = params.label ?? `#${id}`;
      return typeof params.field === 'string'
        ? translate('undo.refused_record_field', { label, field: labels.field(entityType, params.field), reason })
        : translate('undo.refused_record', { label, reason });
    });
    const more = refused.length > LISTED ? translate('undo.refused_more', { count: refused.length - LISTED }) : undefined;
    const count = Number(body.params?.count ?? refused.length);
    return { title: translate('undo.refused_title', { smart_count: count }), records, more };
  }, [translate, labels, errorText]);
}

/** The refusal's records, one line each, then how many more (nothing for a refusal that names none). */
export const RefusedRecords = ({ records, more }: Omit<UndoRefusalText, 'title'>) => (records.length === 0 ? null : (
  <Box data-testid="undo-refused-records">
    <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
      {records.map((line, index) => <li key={index}>{line}</li>)}
    </Box>
    {more && <Box sx={{ pl: 2.5 }}>{more}</Box>}
  </Box>
));

/** A refusal as a block of text: the title, then the records (the activity log's dialog). */
export const UndoRefusal = ({ error }: { error: unknown }) => {
  const { title, ...listed } = useUndoRefusalText()(error);
  return <>{title}<RefusedRecords {...listed} /></>;
};

/** The onError of an undo: a refusal naming records is a toast listing them, anything else the usual notice. */
export function useUndoFailureNotice() {
  const describe = useUndoRefusalText();
  const notice = useErrorNotice();
  const toast = useToast();
  return useCallback((error: unknown) => {
    const { title, ...listed } = describe(error);
    if (listed.records.length === 0) notice(error);
    else toast({ variant: 'destructive', title, description: <RefusedRecords {...listed} /> });
  }, [describe, notice, toast]);
}
