import { grey } from '@mui/material/colors';
import { enUS, zhCN, type Localization } from '@mui/material/locale';
import type { Theme } from '@mui/material/styles';
import type {} from '@mui/x-date-pickers/themeAugmentation';
import { createElement, useMemo, useSyncExternalStore } from 'react';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { Locale } from '@kernel/i18n/catalogs';
import raChinese from '@kernel/i18n/ra/cn';
import raEnglish from '@kernel/i18n/ra/en';
import { store, storedLocale } from '../providers/store';
import { ListSkeleton } from './ListSkeleton';

/** Shared by both modes: the 16rem sidebar and the tooltip delays (docs/admin-screens.md#sizes). */
const common: Partial<RaThemeOptions> = {
  sidebar: { width: 256, closedWidth: 56 },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif',
  },
  // A colour's text (a badge's, a filled button's) is white only where white has 4.5:1 (WCAG AA),
  // else dark: MUI's 3 left white on the dark theme's red (the bell's count) at 3.7:1.
  palette: { contrastThreshold: 4.5 },
  // Each mode spreads its own react-admin defaults below: the light ones here would paint dark forms grey.
  components: {
    MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300 } },
    // Every list shows its skeleton while its first page loads (react-admin's List reads its theme defaults).
    RaList: { defaultProps: { loading: createElement(ListSkeleton) } },
    // Sentence-case buttons: upper case shouts in English and means nothing in Chinese.
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
    // The date pickers' fields look like react-admin's text fields (its MuiTextField defaults).
    MuiPickersTextField: { defaultProps: { variant: 'filled', margin: 'dense', size: 'small', fullWidth: true } },
    // The skip link the first Tab shows over the app bar: react-admin's was white on the page's
    // background, and on a phone an empty icon button with a tooltip. Here it is the primary colour,
    // opaque under the pointer too, in the title's place (the title's end peeked out behind it);
    // its text is its child (componentTexts), the label react-admin shows on a desktop only is none.
    RaSkipNavigationButton: {
      defaultProps: { label: null },
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          ...theme.typography.button,
          textTransform: 'none',
          padding: theme.spacing(1, 2),
          borderRadius: theme.shape.borderRadius,
          color: theme.palette.primary.contrastText,
          backgroundColor: theme.palette.primary.main,
          boxShadow: theme.shadows[8],
          '&:focus': { top: theme.spacing(0.5) },
          '&:focus ~ .RaLayout-appFrame #react-admin-title': { visibility: 'hidden' },
          '&:hover': { opacity: 1, backgroundColor: theme.palette.primary.main },
          '& .MuiButton-startIcon': { margin: 0 },
        }),
      },
    },
    // A checkbox's aria-label names its input, not the role-less span around it (react-admin's row
    // checkboxes pass it to the root, where screen readers and the input's label ignore it).
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: { 'aria-label': undefined },
          input: (ownerState: { 'aria-label'?: string }) => ({ 'aria-label': ownerState['aria-label'] }),
        },
      },
    },
  },
};

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  ...common,
  palette: {
    ...common.palette,
    mode: 'light',
    primary: { main: '#1565c0' },
    // One shade darker than MUI's where white text sits on the colour (the app bar, filled
    // chips): WCAG AA needs 4.5:1, #00897b gave 4.3, #0288d1 3.9, #ed6c02 3.1.
    secondary: { main: '#00796b' },
    info: { main: '#0277bd' },
    warning: { main: '#c25400' },
    background: { default: '#f4f6f8' },
  },
  components: {
    ...defaultLightTheme.components,
    ...common.components,
    // react-admin's grey 300 under a form's red delete button left 3.8:1; grey 100 keeps the band (4.6:1).
    RaToolbar: { styleOverrides: { root: { backgroundColor: grey[100] } } },
  },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  ...common,
  palette: {
    ...common.palette,
    mode: 'dark',
    primary: { main: '#64b5f6' },
    secondary: { main: '#4db6ac' },
    background: { default: '#121417', paper: '#1b1e23' },
  },
  components: {
    ...defaultDarkTheme.components,
    ...common.components,
    // A band darker than the card, not react-admin's grey 800, on which the red delete button had 2.7:1 (now 5:1).
    RaToolbar: { styleOverrides: { root: { backgroundColor: '#121417' } } },
  },
};

/** MUI's own texts (pagination's "Go to next page", Autocomplete's "Open", "No options"…) per UI language. */
const MUI_LOCALES: Record<Locale, Localization> = { cn: zhCN, en: enUS };

const RA_MESSAGES = { cn: raChinese, en: raEnglish };

const subscribeToLocale = (onChange: () => void) => store.subscribe('locale', onChange);

type ComponentDefaults = Record<string, { defaultProps?: object } | undefined>;

/**
 * The component texts of a UI language: MUI's, and the name of a spinner or progress bar that has
 * none of its own (react-admin's inputs and lists draw them unnamed; a progress bar needs a name).
 */
function componentTexts(locale: Locale): ComponentDefaults {
  const loading = { defaultProps: { 'aria-label': RA_MESSAGES[locale].ra.page.loading } };
  return { ...MUI_LOCALES[locale].components, MuiCircularProgress: loading, MuiLinearProgress: loading,
    RaSkipNavigationButton: { defaultProps: { children: RA_MESSAGES[locale].ra.navigation.skip_nav } } };
}

/** `theme` with `texts` merged into its own component defaults. */
function localize(theme: RaThemeOptions, texts: ComponentDefaults): RaThemeOptions {
  const components: ComponentDefaults = { ...theme.components };
  for (const [name, text] of Object.entries(texts)) {
    components[name] = { ...components[name], defaultProps: { ...components[name]?.defaultProps, ...text?.defaultProps } };
  }
  return { ...theme, components: components as RaThemeOptions['components'] };
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const NO_DURATION = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };

/**
 * For a person whose system asks for reduced motion (WCAG 2.3.3): no sliding, fading or growing,
 * no ripples. Dialogs, menus and drawers appear at once.
 */
function withoutMotion(theme: RaThemeOptions): RaThemeOptions {
  return {
    ...theme,
    transitions: { create: () => 'none', duration: NO_DURATION },
    // Collapse times its opening by its own 300 ms default, not the theme's durations: the list it
    // opens would stay cut at the height measured when it opened (its heading only) for that long.
    components: { ...theme.components, MuiButtonBase: { defaultProps: { disableRipple: true } }, MuiCollapse: { defaultProps: { timeout: 0 } } },
  };
}

const subscribeToMotion = (onChange: () => void) => {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const reducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;

/**
 * `theme` in the UI's language, and still when the system asks for reduced motion; renewed when
 * either changes. It reads the language where react-admin keeps it (the store's `locale`, as useLocaleState does), so it works above <Admin>:
 * `<Admin theme={useLocalizedTheme(lightTheme)} darkTheme={useLocalizedTheme(darkTheme)}>`.
 */
export function useLocalizedTheme(theme: RaThemeOptions): RaThemeOptions {
  const locale = useSyncExternalStore(subscribeToLocale, storedLocale);
  const still = useSyncExternalStore(subscribeToMotion, reducedMotion);
  return useMemo(() => {
    const localized = localize(theme, componentTexts(locale));
    return still ? withoutMotion(localized) : localized;
  }, [theme, locale, still]);
}
