import { Typography } from '@mui/material';
import { useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { useDateFormat } from '../common/dateFormat';
import { moneyText } from '../common/moneyText';

/** A card's price: exact text from the API, "—" when none. */
export const MoneyField = ({ source }: { source: string }) => {
  const record = useRecordContext();
  return (
    <Typography variant="body2" component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {moneyText(record?.[source] as string | null | undefined)}
    </Typography>
  );
};

/** A card's validity: "Jan 1, 2026 – Jun 30, 2026", or open-ended. */
export const Validity = ({ record: given }: { record?: RaRecord }) => {
  const record = useRecordContext({ record: given });
  const format = useDateFormat();
  const translate = useTranslate();
  if (!record) return null;
  const to = record.validTo ? format.date(record.validTo as string) : translate('rate_cards.open_ended');
  return <span>{format.date(record.validFrom as string)} – {to}</span>;
};
