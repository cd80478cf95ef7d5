import TranslateIcon from '@mui/icons-material/Translate';
import { lazy } from 'react';
import { messageId, type TranslationRecord } from './translationModel';

/** The translations resource: the list edits texts in a dialog; create adds a message. */
export default {
  list: lazy(() => import('./TranslationList')),
  create: lazy(() => import('./TranslationCreate')),
  icon: TranslateIcon,
  recordRepresentation: (entry: TranslationRecord) => messageId(entry),
};
