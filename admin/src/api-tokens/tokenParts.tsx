import { Chip, Typography } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { useRecordContext, useTranslate } from 'react-admin';
import { LocalDateField } from '../common/LocalDateField';
import { personName } from '@kernel/users/personName';

/** A user as the token picker offers them: name and username. */
export const userOption = (user: RaRecord) => `${personName(user)} (${user.username})`;

/** The secret's first characters, as far as anyone sees it again. */
export const TokenPrefix = () => {
  const token = useRecordContext();
  if (!token) return null;
  return <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>{`${token.prefix}…`}</Typography>;
};

/** When it expires, and a chip once it has (`expired`: the server's judgement). */
export const Expiry = () => {
  const token = useRecordContext();
  const translate = useTranslate();
  if (!token) return null;
  return token.expired
    ? <Chip size="small" color="warning" label={translate('api_tokens.expired')} data-testid="expired-chip" />
    : <LocalDateField source="expiresAt" />;
};

/** When and from where it was last used, or that it never was. */
export const LastUse = () => {
  const token = useRecordContext();
  const translate = useTranslate();
  if (!token) return null;
  if (!token.lastUsedAt) return <Typography component="span" variant="body2" color="text.secondary">{translate('api_tokens.never_used')}</Typography>;
  return (
    <span>
      <LocalDateField source="lastUsedAt" showTime />
      {token.lastUsedIp && <Typography component="span" variant="body2" color="text.secondary">{` · ${token.lastUsedIp}`}</Typography>}
    </span>
  );
};
