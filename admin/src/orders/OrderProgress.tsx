import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { Alert, Box, Step, StepLabel, Stepper, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OrderStatus } from './orderModel';
import { FLAGS, progressSteps } from './orderProgressSteps';

/**
 * The 10-step bar (orderProgressSteps.ts). `hints: false` leaves out the staff's notes under a step
 * (a completed order without its receipt): the public tracking page shows none.
 */
export const OrderProgress = ({ status, events, attachments, hints = true }: {
  status: OrderStatus; events: Parameters<typeof progressSteps>[1]; attachments: Parameters<typeof progressSteps>[2]; hints?: boolean;
}) => {
  const translate = useTranslate();
  const flag = FLAGS[status];
  // Ten steps across a phone were cut at the fourth with no hint that they scroll: they stand one under another there.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Box data-testid="order-progress" data-status={status}>
      {flag && (
        <Alert severity={flag} icon={<ReportProblemIcon />} sx={{ mb: 2, py: 0 }} data-testid="order-progress-flag">
          {translate(`order_status.${status}`)}
        </Alert>
      )}
      {/* Across a wide screen it may scroll sideways: focusable and named, so a keyboard scrolls it too. */}
      <Stepper nonLinear alternativeLabel={!phone} orientation={phone ? 'vertical' : 'horizontal'}
        tabIndex={phone ? undefined : 0} aria-label={translate('order_progress.title')}
        sx={phone ? undefined : { overflowX: 'auto', pb: 0.5, '& .MuiStep-root': { minWidth: 92, px: 0.5 } }}>
        {progressSteps(status, events, attachments).map((step) => (
          <Step key={step.label} completed={step.done} active={step.active} data-done={step.done}>
            <StepLabel error={step.error} optional={hints && step.hint && (
              <Typography variant="caption" color="warning.main" data-testid="step-hint">{translate(step.hint)}</Typography>
            )}>
              <Typography variant="caption" sx={{ display: 'block', lineHeight: 1.3, fontWeight: step.active ? 600 : 400 }}>
                {translate(step.label)}
              </Typography>
            </StepLabel>
          </Step>
        ))}
      </Stepper>
    </Box>
  );
};
