import { enUS, zhCN, type Localization } from '@mui/material/locale';
import type {} from '@mui/x-date-pickers/themeAugmentation';
import { useMemo, useSyncExternalStore } from 'react';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { Locale } from '@kernel/i18n/catalogs';
import { store, storedLocale } from '../providers/store';

/** Shared by both modes: the 16rem sidebar and the tooltip delays (docs/admin-screens.md#sizes). */
const common: Partial<RaThemeOptions> = {
  sidebar: { width: 256, closedWidth: 56 },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif',
  },
  // Each mode spreads its own react-admin defaults below: the light ones here would paint dark forms grey.
  components: {
    MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300 } },
    // Sentence-case buttons: upper case shouts in English and means nothing in Chinese.
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
    // The date pickers' fields look like react-admin's text fields (its MuiTextField defaults).
    MuiPickersTextField: { defaultProps: { variant: 'filled', margin: 'dense', size: 'small', fullWidth: true } },
  },
};

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  ...common,
  palette: {
    mode: 'light',
    primary: { main: '#1565c0' },
    secondary: { main: '#00897b' },
    background: { default: '#f4f6f8' },
  },
  components: { ...defaultLightTheme.components, ...common.components },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  ...common,
  palette: {
    mode: 'dark',
    primary: { main: '#64b5f6' },
    secondary: { main: '#4db6ac' },
    background: { default: '#121417', paper: '#1b1e23' },
  },
  components: { ...defaultDarkTheme.components, ...common.components },
};

/** MUI's own texts (pagination's "Go to next page", Autocomplete's "Open", "No options"…) per UI language. */
const MUI_LOCALES: Record<Locale, Localization> = { cn: zhCN, en: enUS };

const subscribeToLocale = (onChange: () => void) => store.subscribe('locale', onChange);

type ComponentDefaults = Record<string, { defaultProps?: object } | undefined>;

/** `theme` with `localization`'s component texts merged into its own component defaults. */
function localize(theme: RaThemeOptions, localization: Localization): RaThemeOptions {
  const components: ComponentDefaults = { ...theme.components };
  for (const [name, texts] of Object.entries(localization.components ?? {})) {
    components[name] = { ...components[name], defaultProps: { ...components[name]?.defaultProps, ...texts?.defaultProps } };
  }
  return { ...theme, components: components as RaThemeOptions['components'] };
}

/**
 * `theme` in the UI's language, renewed when the person switches it. It reads the language where
 * react-admin keeps it (the store's `locale`, as useLocaleState does), so it works above <Admin>:
 * `<Admin theme={useLocalizedTheme(lightTheme)} darkTheme={useLocalizedTheme(darkTheme)}>`.
 */
export function useLocalizedTheme(theme: RaThemeOptions): RaThemeOptions {
  const locale = useSyncExternalStore(subscribeToLocale, storedLocale);
  return useMemo(() => localize(theme, MUI_LOCALES[locale]), [theme, locale]);
}
