import { DateField, useLocaleState, type DateFieldProps } from 'react-admin';

/** Polyglot's locale names are not BCP 47 ones: `cn` formats as zh-CN. */
export const BCP47: Record<string, string> = { cn: 'zh-CN', en: 'en-US' };

/** A date in the UI's language, not the browser's. */
export const LocalDateField = (props: DateFieldProps) => {
  const [locale] = useLocaleState();
  return <DateField locales={BCP47[locale] ?? locale} {...props} />;
};
