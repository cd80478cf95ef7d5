import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** Shared by both modes: the seed's 16rem sidebar and tooltip delays (spec §9, DESIGN.md §11). */
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
