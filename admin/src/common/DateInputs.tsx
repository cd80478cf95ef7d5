import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, zhCN } from '@mui/x-date-pickers/locales';
import type { SxProps, Theme } from '@mui/material';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useState, type ReactNode } from 'react';
import { FieldTitle, InputHelperText, useInput, useLocaleState, type InputProps } from 'react-admin';
import type { Locale } from '@kernel/i18n/catalogs';

/**
 * What the date pickers speak in each UI language: dayjs's locale (month and weekday names, the
 * first day of the week), MUI X's texts, the order a person types a date in, the one their
 * language writes it in (cn 2026/11/23 14:02, en 11/23/2026 02:02 PM), and the calendar's heading.
 */
/**
 * MUI X's own Chinese texts keep the English section placeholders (YYYY/MM/DD hh:mm) in an empty
 * field: a Chinese page shows 年/月/日 时:分 instead.
 */
const zhCNTexts = {
  ...zhCN.components.MuiLocalizationProvider.defaultProps.localeText,
  fieldYearPlaceholder: () => '年', fieldMonthPlaceholder: () => '月', fieldDayPlaceholder: () => '日',
  fieldHoursPlaceholder: () => '时', fieldMinutesPlaceholder: () => '分', fieldSecondsPlaceholder: () => '秒',
};

const PICKER_LANGUAGES = {
  cn: { adapterLocale: 'zh-cn', texts: zhCNTexts, date: 'YYYY/MM/DD', dateTime: 'YYYY/MM/DD HH:mm', ampm: false, monthAndYear: 'YYYY年M月' },
  en: { adapterLocale: 'en', texts: enUS.components.MuiLocalizationProvider.defaultProps.localeText, date: 'MM/DD/YYYY', dateTime: 'MM/DD/YYYY hh:mm A', ampm: true, monthAndYear: 'MMMM YYYY' },
} as const satisfies Record<Locale, object>;

const usePickerLanguage = () => {
  const [locale] = useLocaleState();
  return PICKER_LANGUAGES[locale as Locale] ?? PICKER_LANGUAGES.cn;
};

/** The pickers' language follows the UI's. Each picker brings its own, so it works in dialogs and on any page. */
const PickerLocalization = ({ children }: { children: ReactNode }) => {
  const language = usePickerLanguage();
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language.adapterLocale}
      localeText={language.texts}>
      {children}
    </LocalizationProvider>
  );
};

/**
 * The field's format on its root, for the e2e tests to type a date the way a person of that
 * language does (test/helpers/browser.ts fillDate). MUI's slot types take data-* attributes only
 * from a variable, hence the text-field props are built apart.
 */
const formatAttribute = (format: string) => ({ 'data-format': format });

type Kind = 'date' | 'dateTime';

/** The text a picker hands to the form, like the native inputs did: a day, or a local date-time. */
const TEXT: Record<Kind, string> = { date: 'YYYY-MM-DD', dateTime: 'YYYY-MM-DDTHH:mm' };

/** Form value → picker text, and back: calendar days stay days; date-times are instants (ISO) in the form. */
const CONVERSIONS: Record<Kind, { format: (value: unknown) => string; parse: (text: string) => string | null }> = {
  date: {
    format: (value) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : localText(value, 'date')),
    parse: (day) => day || null,
  },
  dateTime: {
    format: (value) => localText(value, 'dateTime'),
    parse: (local) => (local ? dayjs(local, TEXT.dateTime).toISOString() : null),
  },
};

function localText(value: unknown, kind: Kind): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value as string | Date);
  return date.isValid() ? date.format(TEXT[kind]) : '';
}

const toDayjs = (text: string, kind: Kind): Dayjs | null => (text ? dayjs(text, TEXT[kind]) : null);

/** The props of react-admin's DateInput; `format` gives and `parse` takes the picker's text (TEXT). */
export interface PickerInputProps extends InputProps {
  helperText?: ReactNode | false;
  size?: 'small' | 'medium';
  margin?: 'none' | 'dense' | 'normal';
  variant?: 'filled' | 'outlined' | 'standard';
  fullWidth?: boolean;
  className?: string;
  sx?: SxProps<Theme>;
  /** Read by react-admin's filter form. */
  alwaysOn?: boolean;
}

/**
 * A react-admin input over a MUI X picker. The picker keeps what is typed until it is a whole date;
 * the form gets the date only then (or '' when cleared), so a half-typed date is never sent.
 */
const PickerInput = ({ kind, format, parse, label, helperText, className, sx, size, margin, variant, fullWidth,
  alwaysOn: _alwaysOn, ...props }: PickerInputProps & { kind: Kind }) => {
  const language = usePickerLanguage();
  const { field, fieldState, id, isRequired } = useInput({
    ...props, format: format ?? CONVERSIONS[kind].format, parse: parse ?? CONVERSIONS[kind].parse,
  });
  const text = (field.value as string | undefined) ?? '';
  const [draft, setDraft] = useState(() => ({ text, date: toDayjs(text, kind) }));
  // The form's value changed elsewhere (a reset, a removed filter): show it. Compared while
  // rendering, not in an effect, so the stale date is never painted (react.dev "Adjusting some
  // state when a prop changes").
  const [formText, setFormText] = useState(text);
  if (formText !== text) {
    setFormText(text);
    if (draft.text !== text) setDraft({ text, date: toDayjs(text, kind) });
  }

  const onChange = (date: Dayjs | null) => {
    const next = !date ? '' : date.isValid() ? date.format(TEXT[kind]) : draft.text;
    setDraft({ text: next, date });
    if (next !== text) field.onChange(next);
  };

  const Picker = kind === 'date' ? DatePicker : DateTimePicker;
  const invalid = Boolean(fieldState.error);
  const textField = {
    id, size, margin, variant, fullWidth, error: invalid, onBlur: field.onBlur, ...formatAttribute(language[kind]),
    helperText: helperText === false && !invalid ? undefined
      : <InputHelperText error={fieldState.error?.message} helperText={helperText} />,
  };
  return (
    <PickerLocalization>
      <Picker value={draft.date} onChange={onChange} format={language[kind]} name={field.name} inputRef={field.ref}
        {...(kind === 'dateTime' ? { ampm: language.ampm } : {})}
        disabled={props.disabled} readOnly={props.readOnly}
        label={label === false ? undefined
          : <FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} />}
        className={['ra-input', `ra-input-${props.source}`, className].filter(Boolean).join(' ')} sx={sx}
        slotProps={{ textField, calendarHeader: { format: language.monthAndYear } }} />
    </PickerLocalization>
  );
};

/** A calendar date (pickupDate, a day filter): the form holds 'YYYY-MM-DD', as with react-admin's DateInput. */
export const DatePickerInput = (props: PickerInputProps) => <PickerInput kind="date" {...props} />;

/** A date-time: the form holds an ISO instant; `parse` receives the local 'YYYY-MM-DDTHH:mm' (as DateTimeInput's did). */
export const DateTimePickerInput = (props: PickerInputProps) => <PickerInput kind="dateTime" {...props} />;

export interface DateTimePickerFieldProps {
  label: string;
  value: Dayjs | null;
  onChange: (value: Dayjs | null) => void;
  name: string;
  helperText?: ReactNode;
  error?: boolean;
  /** Told whether the picker holds a date it refuses (half typed, out of its range). */
  onError?: (invalid: boolean) => void;
  autoFocus?: boolean;
  testId?: string;
}

/** A date-time picker outside react-admin's forms (the dialogs): the caller holds the Dayjs value. */
export const DateTimePickerField = ({ label, value, onChange, name, helperText, error, onError, autoFocus, testId }: DateTimePickerFieldProps) => {
  const language = usePickerLanguage();
  const textField = { error, helperText, 'data-testid': testId, ...formatAttribute(language.dateTime) };
  return (
    <PickerLocalization>
      <DateTimePicker label={label} value={value} onChange={onChange} name={name} autoFocus={autoFocus}
        onError={(problem) => onError?.(problem !== null)}
        format={language.dateTime} ampm={language.ampm}
        slotProps={{ textField, calendarHeader: { format: language.monthAndYear } }} />
    </PickerLocalization>
  );
};
