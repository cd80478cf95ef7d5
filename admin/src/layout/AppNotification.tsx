import { useMediaQuery, type Theme } from '@mui/material';
import { useEffect } from 'react';
import { Notification } from 'react-admin';

/**
 * docs/admin-screens.md#notices: one toast at a time, shown 5 seconds, at the top on small screens and the bottom
 * right on larger ones; F8 moves the keyboard focus to the current toast.
 */
export const AppNotification = () => {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      const toast = document.getElementById('app-toast') ?? document.querySelector<HTMLElement>('.MuiSnackbarContent-root');
      if (toast) {
        event.preventDefault();
        toast.setAttribute('tabindex', '-1');
        toast.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Notification autoHideDuration={5000}
      anchorOrigin={small ? { vertical: 'top', horizontal: 'center' } : { vertical: 'bottom', horizontal: 'right' }} />
  );
};
