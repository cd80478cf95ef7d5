import CelebrationIcon from '@mui/icons-material/Celebration';
import { Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { BCP47 } from '../../common/dateFormat';
import { DashboardCard } from './DashboardCard';

const WISH_COUNT = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from today to the next 25 December (0 on the day itself). */
export function daysUntilChristmas(today: Date): number {
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  let christmas = Date.UTC(today.getFullYear(), 11, 25);
  if (christmas < start) christmas = Date.UTC(today.getFullYear() + 1, 11, 25);
  return Math.round((christmas - start) / DAY_MS);
}

/** The wish changes once a day: the day number since the epoch picks one. */
export function wishOfTheDay(today: Date): string {
  const day = Math.floor(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()) / DAY_MS);
  return `dashboard.wishes.w${day % WISH_COUNT}`;
}

export const DailyWishCard = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const today = new Date();
  const days = daysUntilChristmas(today);
  // The long form, with the weekday: a greeting, not a record's date.
  const date = today.toLocaleDateString(BCP47[locale] ?? locale,
    { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' });
  return (
    <DashboardCard title={translate('dashboard.daily_wish')} icon={<CelebrationIcon color="secondary" />}
      testId="daily-wish">
      <Stack spacing={1}>
        <Typography variant="body1" sx={{ fontStyle: 'italic' }}>{translate(wishOfTheDay(today))}</Typography>
        <Typography variant="body2" color="text.secondary">{translate('dashboard.today', { date })}</Typography>
        <Typography variant="body2" color="secondary" data-testid="christmas-countdown">
          {days === 0 ? translate('dashboard.christmas_today') : translate('dashboard.christmas_countdown', { days })}
        </Typography>
      </Stack>
    </DashboardCard>
  );
};
