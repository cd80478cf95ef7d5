import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, AlertTitle, Button, Card, CardContent, Stack, TextField } from '@mui/material';
import { useRef } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useCopy } from './useCopy';

/** The keys of a secret's texts in its module's catalog. */
export interface SecretTexts {
  /** The warning above it: copy it now, it is not shown again. */
  title: string;
  body: string;
  /** The field's accessible name. */
  label: string;
  copy: string;
  copied: string;
  /** The button that leaves it: after it, the secret is gone from the screen. */
  done: string;
}

export interface SecretShownOnceProps {
  secret: string;
  texts: SecretTexts;
  onDone: () => void;
  /** The field's test id, which the browser tests read the secret by. */
  testId: string;
  /** The warning title's id, for a dialog named by it. */
  titleId?: string;
}

/**
 * A secret the server answers once (an API token, a webhook's signing secret): the warning, the
 * secret selected when focused, a button that copies it and the one that leaves. Where the
 * clipboard is refused (a page not served over HTTPS), the copy selects it for the keyboard's copy.
 */
export const SecretShownOnce = ({ secret, texts, onDone, testId, titleId }: SecretShownOnceProps) => {
  const translate = useTranslate();
  const copyText = useCopy();
  const field = useRef<HTMLInputElement>(null);
  const copy = () => copyText(secret, texts.copied, () => field.current?.focus());
  return (
    <>
      <Alert severity="warning" sx={{ mb: 2 }}>
        <AlertTitle id={titleId}>{translate(texts.title)}</AlertTitle>
        {translate(texts.body)}
      </Alert>
      <TextField value={secret} fullWidth inputRef={field} onFocus={(event) => event.target.select()}
        slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } },
          htmlInput: { 'data-testid': testId, 'aria-label': translate(texts.label) } }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>{translate(texts.copy)}</Button>
        <Button onClick={onDone}>{translate(texts.done)}</Button>
      </Stack>
    </>
  );
};

/** What a create page shows instead of its form once saved: the secret, in a card under the page's title. */
export const SecretPage = ({ title, ...props }: SecretShownOnceProps & { title: string }) => (
  <Card sx={{ mt: 2, maxWidth: 800 }}>
    <Title title={title} />
    <CardContent>
      <SecretShownOnce {...props} />
    </CardContent>
  </Card>
);
