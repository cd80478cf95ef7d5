import CloseIcon from '@mui/icons-material/Close';
import { Alert, AlertTitle, Button, IconButton } from '@mui/material';
import { forwardRef, useCallback, useEffect, type ReactNode } from 'react';
import { useCloseNotification, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

export type ToastVariant = 'success' | 'destructive' | 'info';

interface ToastProps {
  title: string;
  /** A line of text, or a few (an undo's refused records). */
  description?: ReactNode;
  variant: ToastVariant;
  /** A link to what the toast is about, e.g. the order just created. */
  link?: { label: string; to: string };
  /** Closes the toast once aborted: what it says was overtaken (the next save of what it refused). */
  until?: AbortSignal;
}

const SEVERITY = { success: 'success', destructive: 'error', info: 'info' } as const;

/** A toast with a title and a description; focusable so F8 can reach it. */
const Toast = forwardRef<HTMLDivElement, ToastProps>(({ title, description, variant, link, until }, ref) => {
  const close = useCloseNotification();
  const translate = useTranslate();
  useEffect(() => {
    if (!until) return;
    if (until.aborted) close();
    until.addEventListener('abort', close);
    return () => until.removeEventListener('abort', close);
  }, [until, close]);
  // An `action` replaces the Alert's own close button, so the link brings its own.
  return (
    <Alert ref={ref} id="app-toast" tabIndex={-1} variant="filled" severity={SEVERITY[variant]} onClose={close}
      action={link && (
        <>
          <Button component={Link} to={link.to} onClick={close} color="inherit" size="small" data-testid="toast-link">
            {link.label}
          </Button>
          <IconButton onClick={close} color="inherit" size="small" aria-label={translate('ra.action.close')}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      )}
      sx={{ minWidth: 300, maxWidth: 480, boxShadow: 6 }} data-testid="toast">
      <AlertTitle sx={{ mb: description ? 0.5 : 0 }}>{title}</AlertTitle>
      {description}
    </Alert>
  );
});

/** Shows a toast through react-admin's notification queue: one at a time, 5 seconds each. */
export function useToast() {
  const notify = useNotify();
  return useCallback((toast: Omit<ToastProps, 'variant'> & { variant?: ToastVariant }) => {
    const variant = toast.variant ?? 'info';
    notify(<Toast {...toast} variant={variant} />,
      { type: variant === 'destructive' ? 'error' : variant });
  }, [notify]);
}
