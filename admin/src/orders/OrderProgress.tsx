import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { Alert, Box, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OrderAttachment, OrderEvent, OrderStatus } from './orderModel';
import { FLAGS, progressSteps } from './orderProgressSteps';

export const OrderProgress = ({ status, events, attachments }: {
  status: OrderStatus; events: readonly OrderEvent[]; attachments: readonly OrderAttachment[];
}) => {
  const translate = useTranslate();
  const flag = FLAGS[status];
  return (
    <Box data-testid="order-progress" data-status={status}>
      {flag && (
        <Alert severity={flag} icon={<ReportProblemIcon />} sx={{ mb: 2, py: 0 }} data-testid="order-progress-flag">
          {translate(`order_status.${status}`)}
        </Alert>
      )}
      {/* It scrolls sideways on a phone: focusable and named, so a keyboard scrolls it too. */}
      <Stepper alternativeLabel nonLinear tabIndex={0} aria-label={translate('order_progress.title')} sx={{ overflowX: 'auto', pb: 0.5, '& .MuiStep-root': { minWidth: 92, px: 0.5 } }}>
        {progressSteps(status, events, attachments).map((step) => (
          <Step key={step.label} completed={step.done} active={step.active} data-done={step.done}>
            <StepLabel error={step.error} optional={step.hint && (
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
