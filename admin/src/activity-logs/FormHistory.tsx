import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { useNotify, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { recordType } from '../common/auditVocabulary';
import { RecordHistory } from './RecordHistory';

/**
 * The History of the record a form edits (a master-data edit page): an earlier version's values,
 * put back, fill the form; Save then writes them as any edit, with the version check.
 */
export const FormHistory = () => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const notify = useNotify();
  const { getValues, setValue } = useFormContext();
  if (record?.id == null) return null;
  const putBack = (values: Record<string, unknown>) => {
    for (const [field, value] of Object.entries(values)) setValue(field, value, { shouldDirty: true });
    notify('history.put_back_done', { type: 'info' });
  };
  return (
    <Accordion disableGutters variant="outlined" sx={{ width: '100%', mt: 2 }} data-testid="history-panel"
      slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography>{translate('history.title')}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <RecordHistory entityType={recordType(resource)} record={record} fields={Object.keys(getValues())} onPutBack={putBack} />
      </AccordionDetails>
    </Accordion>
  );
};
