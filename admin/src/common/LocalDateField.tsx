import { Typography, type TypographyProps } from '@mui/material';
import { sanitizeFieldRestProps, useFieldValue, useTranslate, type FieldProps } from 'react-admin';
import { useDateFormat } from './dateFormat';

export interface LocalDateFieldProps extends FieldProps, Omit<TypographyProps, 'textAlign'> {
  /** A date-time (createdAt, completionDate) rather than a date; calendar dates (pickupDate) never show a time. */
  showTime?: boolean;
}

/** A record's date in the UI's language and its one style (dateFormat.ts), not the browser's. */
export const LocalDateField = ({ showTime = false, emptyText, ...props }: LocalDateFieldProps) => {
  const value = useFieldValue(props);
  const format = useDateFormat();
  const translate = useTranslate();
  const text = showTime ? format.dateTime(value) : format.date(value);
  if (!text && !emptyText) return null;
  return (
    <Typography component="span" variant="body2" {...sanitizeFieldRestProps(props)}>
      {text || (emptyText && translate(emptyText, { _: emptyText }))}
    </Typography>
  );
};
