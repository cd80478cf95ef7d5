import { localStorageStore, type Store } from 'react-admin';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@kernel/i18n/catalogs';

/** What a person chose for this browser, kept across sign-out (react-admin resets its store then). */
const PREFERENCES = ['locale', 'theme', 'menu.collapsed'];

function preferenceKeepingStore(): Store {
  const store = localStorageStore(undefined, 'logistics');
  return {
    ...store,
    reset() {
      const kept = PREFERENCES.map((key) => [key, store.getItem(key)] as const);
      store.reset();
      for (const [key, value] of kept) if (value !== undefined) store.setItem(key, value);
    },
  };
}

/** react-admin's store, in local storage (language and theme are kept locally: docs/admin-screens.md#language-and-theme). */
export const store = preferenceKeepingStore();

/** The language chosen last in this browser, or the default (cn) when none was. */
export function storedLocale(): Locale {
  const value = store.getItem<string>('locale');
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : DEFAULT_LOCALE;
}
