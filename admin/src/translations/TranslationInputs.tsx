import { Stack } from '@mui/material';
import { maxLength, regex, required, TextInput } from 'react-admin';
import {
  KEY_PATTERN, MAX_DESCRIPTION, MAX_KEY, MAX_NAMESPACE, MAX_TEXT, NAMESPACE_PATTERN, placeholdersDiffer,
} from '@kernel/translations/translationRules';

// The server's rules (kernel/translations/translationRules.ts), checked here first for a quick answer.
const validateNamespace = [required('validation.required'), maxLength(MAX_NAMESPACE),
  regex(NAMESPACE_PATTERN, 'validation.invalid_format')];
const validateKey = [required('validation.required'), maxLength(MAX_KEY), regex(KEY_PATTERN, 'validation.invalid_format')];
const validateText = maxLength(MAX_TEXT);
const validateDescription = maxLength(MAX_DESCRIPTION);

/** The form-level rule: both languages name the same placeholders, or one would print `%{name}`. */
export const validatePlaceholders = (values: Record<string, unknown>) =>
  placeholdersDiffer(String(values.zh ?? ''), String(values.en ?? '')) ? { en: 'translations.errors.placeholders' } : {};

/** Namespace and key: set once, when the entry is created. */
export const TranslationIdInputs = () => (
  <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ width: '100%', columnGap: 2 }}>
    <TextInput source="namespace" validate={validateNamespace} helperText="translations.helper.namespace" sx={{ flex: 1 }} />
    <TextInput source="key" validate={validateKey} helperText="translations.helper.key" sx={{ flex: 2 }} />
  </Stack>
);

/** The texts of both languages and the description; an empty text means "not translated yet". */
export const TranslationTextInputs = () => (
  <>
    <TextInput source="zh" multiline minRows={2} validate={validateText} helperText={false} autoFocus />
    <TextInput source="en" multiline minRows={2} validate={validateText} helperText="translations.helper.texts" />
    <TextInput source="description" multiline validate={validateDescription} helperText={false} />
  </>
);
