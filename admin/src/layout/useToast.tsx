import { Alert, AlertTitle } from '@mui/material';
import { forwardRef, useCallback } from 'react';
import { useCloseNotification, useNotify } from 'react-admin';

export type ToastVariant = 'success' | 'destructive' | 'info';

interface ToastProps {
  title: string;
  description?: string;
  variant: ToastVariant;
}

const SEVERITY = { success: 'success', destructive: 'error', info: 'info' } as const;

/** A toast with a title and a description; focusable so F8 can reach it. */
const Toast = forwardRef<HTMLDivElement, ToastProps>(({ title, description, variant }, ref) => {
  const close = useCloseNotification();
  return (
    <Alert ref={ref} id="app-toast" tabIndex={-1} variant="filled" severity={SEVERITY[variant]} onClose={close}
      sx={{ minWidth: 300, maxWidth: 480, boxShadow: 6 }} data-testid="toast">
      <AlertTitle sx={{ mb: description ? 0.5 : 0 }}>{title}</AlertTitle>
      {description}
    </Alert>
  );
});

/** Shows a toast through react-admin's notification queue: one at a time, 5 seconds each. */
export function useToast() {
  const notify = useNotify();
  return useCallback((toast: { title: string; description?: string; variant?: ToastVariant }) => {
    const variant = toast.variant ?? 'info';
    notify(<Toast title={toast.title} description={toast.description} variant={variant} />,
      { type: variant === 'destructive' ? 'error' : variant });
  }, [notify]);
}
