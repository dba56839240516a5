import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';

/** '/?payment=success' (where the payment form returns): 'Payment Successful', once. */
export function usePaymentSuccessToast() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const success = params.get('payment') === 'success';
  useEffect(() => {
    if (!success) return;
    toast({ title: t('billing.success.title'), description: t('billing.success.text') });
    setParams(
      (p) => {
        p.delete('payment');
        return p;
      },
      { replace: true },
    );
  }, [success, setParams, t]);
}
