import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Check, FlaskConical } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { Spinner } from '#client/components/ui/spinner';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { formatPounds } from '#client/lib/format';
import type { CreateSubscriptionResponse } from '#shared/schemas/billing';
import { MINIMUM_TERM_MONTHS } from '#shared/tiers';
import { createSubscription, useConfirmTestCheckout } from '../api/billing';
import { billingKeys } from '#client/lib/query-keys';
import { useCoveredJurisdictionNames } from './covered-jurisdictions';
import { isPaymentsNotConfigured, PaymentsNotConfiguredNotice } from './payments-not-configured';

type StripeHandles = {
  stripe: { confirmPayment: (o: object) => Promise<{ error?: { message?: string } }> };
  elements: unknown;
};

/** The card form: Stripe's Payment Element, loaded from Stripe when keys are set. */
function StripePaymentElement({
  checkout,
  onReady,
}: {
  checkout: CreateSubscriptionResponse;
  onReady: (h: StripeHandles) => void;
}) {
  const mount = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(checkout.publishableKey!);
      if (!stripe || cancelled || !mount.current) return;
      const elements = stripe.elements({ clientSecret: checkout.clientSecret });
      elements.create('payment').mount(mount.current);
      onReady({ stripe: stripe as unknown as StripeHandles['stripe'], elements });
    })();
    return () => {
      cancelled = true;
    };
  }, [checkout, onReady]);
  return <div ref={mount} className="min-h-40" />;
}

/** /subscribe?tier=&interval=: what is included, the pricing card and the payment form. */
export function SubscribeScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tier = params.get('tier') === 'basic' ? 'basic' : 'premium';
  const interval = params.get('interval') === 'year' ? 'year' : 'month';
  const checkout = useQuery({
    queryKey: billingKeys.checkout(tier, interval),
    queryFn: () => createSubscription(tier, interval),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const confirmTest = useConfirmTestCheckout();
  const coveredNames = useCoveredJurisdictionNames();
  const [stripe, setStripe] = useState<StripeHandles | null>(null);
  const [paying, setPaying] = useState(false);
  const price = formatPounds((checkout.data?.amountPence ?? 0) / 100, i18n.language);
  const planName = t(`billing.plan.${tier}`);
  const period = interval === 'year' ? t('billing.subscribe.year') : t('billing.subscribe.month');

  const failed = (message: string) =>
    toast({ title: t('billing.subscribe.paymentFailed'), description: message, variant: 'destructive' });

  const pay = async () => {
    if (!checkout.data) return;
    setPaying(true);
    try {
      if (checkout.data.testMode) {
        await confirmTest.mutateAsync(checkout.data.clientSecret);
        void navigate('/?payment=success', { replace: true });
        return;
      }
      if (!stripe) return;
      const result = await stripe.stripe.confirmPayment({
        elements: stripe.elements,
        confirmParams: { return_url: `${window.location.origin}/?payment=success` },
      });
      if (result.error) failed(result.error.message ?? t('billing.subscribe.tryAgain'));
    } catch (error) {
      failed(apiErrorMessage(error, t('billing.subscribe.tryAgain')));
    } finally {
      setPaying(false);
    }
  };

  const included = [
    'everything',
    'alerts',
    'sms',
    'news',
    tier === 'premium' ? 'jurisdictions' : 'jurisdiction',
    'support',
  ] as const;

  return (
    <div className="grid gap-6">
      <Link
        to="/"
        className="inline-flex w-fit items-center gap-2 text-sm text-primary underline underline-offset-4"
      >
        <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        {t('billing.subscribe.back')}
      </Link>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('billing.subscribe.included')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3 text-sm">
              {included.map((key) => (
                <li key={key} className="flex gap-3">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                  {t(`billing.subscribe.features.${key}`, { names: coveredNames })}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('billing.subscribe.pricing')}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <p className="flex items-baseline gap-1">
              <span className="text-4xl font-bold tabular-nums">{checkout.data ? price : '—'}</span>
              <span className="text-muted-foreground">/{period}</span>
            </p>
            <ul className="grid gap-1 text-muted-foreground">
              <li>{t('billing.subscribe.minimumTerm', { months: MINIMUM_TERM_MONTHS })}</li>
              <li>{t('billing.subscribe.startsNow')}</li>
              <li>{t('billing.subscribe.renews')}</li>
              <li>{t('billing.subscribe.cancellation')}</li>
            </ul>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('billing.subscribe.payment')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {checkout.isPending ? (
            <p role="status" className="flex items-center gap-2 text-muted-foreground">
              <Spinner />
              {t('billing.subscribe.settingUp')}
            </p>
          ) : isPaymentsNotConfigured(checkout.error) ? (
            <PaymentsNotConfiguredNotice />
          ) : checkout.isError || !checkout.data ? (
            <Alert variant="destructive" role="alert">
              <AlertTitle>{t('billing.subscribe.errorTitle')}</AlertTitle>
              <AlertDescription className="grid gap-3">
                <p>{apiErrorMessage(checkout.error, t('billing.subscribe.initFailed'))}</p>
                <Button variant="outline" size="sm" className="w-fit" onClick={() => void checkout.refetch()}>
                  {t('billing.subscribe.tryAgainButton')}
                </Button>
              </AlertDescription>
            </Alert>
          ) : (
            <>
              {checkout.data.testMode ? (
                <Alert variant="info">
                  <FlaskConical aria-hidden="true" />
                  <AlertTitle>{t('billing.subscribe.testModeTitle')}</AlertTitle>
                  <AlertDescription>{t('billing.subscribe.testModeText')}</AlertDescription>
                </Alert>
              ) : (
                <StripePaymentElement checkout={checkout.data} onReady={setStripe} />
              )}
              <Button
                size="lg"
                className="h-auto min-h-11 w-full py-2 whitespace-normal sm:w-fit"
                disabled={paying || (!checkout.data.testMode && !stripe)}
                onClick={() => void pay()}
              >
                {paying && <Spinner />}
                {paying
                  ? t('billing.subscribe.processing')
                  : t('billing.subscribe.button', { plan: planName, price, period })}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
