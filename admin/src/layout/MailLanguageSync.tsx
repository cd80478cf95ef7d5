import { useEffect } from 'react';
import { useLocaleState } from 'react-admin';
import type { Locale } from '@kernel/i18n/catalogs';
import { useAppDataProvider } from '../providers/dataProvider';

/**
 * Keeps the language of the person's mails the one they use here: sent once signed in (the app
 * opened, a sign-in) and at each switch of the language menu. The server logs only a change.
 */
export const MailLanguageSync = () => {
  const [locale] = useLocaleState();
  const dataProvider = useAppDataProvider();
  useEffect(() => {
    // A failure (offline) is retried at the next switch or start; nothing on screen depends on it.
    dataProvider.setMailLanguage(locale as Locale).catch(() => undefined);
  }, [dataProvider, locale]);
  return null;
};
