import { useTheme } from '@mui/material';
import { amber, brown, cyan, deepPurple, lime, pink } from '@mui/material/colors';

/** recharts paints with plain colours: these come from the theme, so both modes read well. */
export function useChartColors() {
  const { palette } = useTheme();
  const shade = palette.mode === 'dark' ? 300 : 600;
  return {
    completed: palette.success.main,
    inProgress: palette.info.main,
    cancelled: palette.error.main,
    orders: palette.primary.main,
    rate: palette.secondary.main,
    buy: palette.warning.main,
    sale: palette.primary.main,
    margin: palette.success.main,
    /** One colour per series when there are many (the delivery areas). */
    series: [palette.primary.main, palette.secondary.main, palette.warning.main, deepPurple[shade], pink[shade],
      cyan[shade], lime[shade], brown[shade], amber[shade], palette.error.main],
    axis: palette.text.secondary,
    grid: palette.divider,
    tooltip: {
      contentStyle: { background: palette.background.paper, border: `1px solid ${palette.divider}`,
        borderRadius: 8, color: palette.text.primary },
      labelStyle: { color: palette.text.primary, fontWeight: 600 },
      cursor: { fill: palette.action.hover },
    },
  };
}

export type ChartColors = ReturnType<typeof useChartColors>;
