import { useMediaQuery, type Theme } from '@mui/material';
import { useEffect } from 'react';
import { Notification, useNotificationContext } from 'react-admin';

/**
 * docs/admin-screens.md#notices: one toast at a time, shown 5 seconds, at the top on small screens and the bottom
 * right on larger ones; F8 moves the keyboard focus to the current toast. A newer toast waiting
 * closes the one showing (MUI's consecutive snackbars): react-admin would hold it until the older
 * one's time ran out, up to an undo toast's 10 seconds, so the news of one's last action came late.
 */
export const AppNotification = () => {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // The queue holds the toasts not shown yet; react-admin's `open` comes before its other props, so this one wins.
  const newerWaiting = useNotificationContext().notifications.length > 0;
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
    <Notification autoHideDuration={5000} {...(newerWaiting ? { open: false } : {})}
      anchorOrigin={small ? { vertical: 'top', horizontal: 'center' } : { vertical: 'bottom', horizontal: 'right' }} />
  );
};
