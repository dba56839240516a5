import { CreditCard } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { useTranslation } from '#client/i18n';
import { ApiError } from '#client/lib/api-client';
import { useBillingStatus } from '../api/billing';

/** The error code of a checkout on a service with neither Stripe keys nor the test checkout. */
export const PAYMENTS_NOT_CONFIGURED = 'payments_not_configured';

export const isPaymentsNotConfigured = (error: unknown) =>
  error instanceof ApiError && error.code === PAYMENTS_NOT_CONFIGURED;

/** Says that no plan can be bought here: the service has no card payments set up. */
export function PaymentsNotConfiguredNotice() {
  const { t } = useTranslation();
  return (
    <Alert variant="warning" role="status" data-testid="payments-not-configured">
      <CreditCard aria-hidden="true" />
      <AlertTitle>{t('billing.notConfigured.title')}</AlertTitle>
      <AlertDescription>{t('billing.notConfigured.text')}</AlertDescription>
    </Alert>
  );
}

/** The notice on the plan screens, when the server says card payments are not configured. */
export function PaymentsNotConfiguredBanner() {
  const status = useBillingStatus();
  return status.data?.paymentsConfigured === false ? <PaymentsNotConfiguredNotice /> : null;
}
