import { MenuItem, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MONTH_CHOICES, type MonthChoice } from '@kernel/reports/reportChoices';

/** The last 3, 6 or 12 months (docs/reports.md#report-kinds). */
export const PeriodChoice = ({ value, onChange }: { value: MonthChoice; onChange: (months: MonthChoice) => void }) => {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup size="small" exclusive color="primary" value={value} aria-label={translate('reports.choices.period')}
      onChange={(_, months: MonthChoice | null) => months && onChange(months)} data-testid="period-choice">
      {MONTH_CHOICES.map((months) => (
        <ToggleButton key={months} value={months} sx={{ px: 1.5, textTransform: 'none' }}>
          {translate('reports.choices.months', { smart_count: months })}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
};

/** A small select of one report choice (dimension, granularity); hidden when there is nothing to choose. */
export function ChoiceSelect<T extends string>({ label, value, choices, labelOf, onChange, testId }: {
  label: string; value: T; choices: readonly T[]; labelOf: (choice: T) => string; onChange: (choice: T) => void;
  testId: string;
}) {
  if (choices.length < 2) return null;
  return (
    <TextField select size="small" label={label} value={value} onChange={(event) => onChange(event.target.value as T)}
      fullWidth={false} sx={{ minWidth: 180 }} data-testid={testId}>
      {choices.map((choice) => <MenuItem key={choice} value={choice}>{labelOf(choice)}</MenuItem>)}
    </TextField>
  );
}
