import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge';
import { Button, buttonVariants } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { useFormat } from '#client/lib/format';
import { useBillingStatus, useCancelPlan, useInvoices } from '../api/billing';

/** The member's plan, its state, the way to change or cancel it, and the receipts of payments. */
export function PlanCard() {
  const { t } = useTranslation();
  const format = useFormat();
  const status = useBillingStatus();
  const invoices = useInvoices();
  const cancel = useCancelPlan();
  const cancelPlan = () =>
    cancel.mutate(undefined, {
      onSuccess: (r) => toast({ title: t('billing.manage.cancelled'), description: r.message }),
      onError: (error) =>
        toast({
          title: t('billing.manage.cancelFailed'),
          description: apiErrorMessage(error, t('settings.common.updateFailed')),
          variant: 'destructive',
        }),
    });
  const date = (iso: string | null) => format.date(iso);
  const s = status.data;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle as="h2">{t('billing.manage.title')}</CardTitle>
          {s && (
            <CardDescription>
              {t(`billing.plan.${s.tier}`)} · {t('billing.manage.status', { status: s.status })}
              {s.cancelAt
                ? ` · ${t('billing.manage.endsOn', { date: date(s.cancelAt) })}`
                : s.currentPeriodEnd
                  ? ` · ${t('billing.manage.renews', { date: date(s.currentPeriodEnd) })}`
                  : s.tier === 'trial' && s.trialEndsAt
                    ? ` · ${t('billing.manage.trialEnds', { date: date(s.trialEndsAt) })}`
                    : ''}
            </CardDescription>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/upgrade" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            {t('billing.manage.upgrade')}
          </Link>
          {s?.status === 'active' && !s.cancelAt && (
            <Button variant="outline" size="sm" disabled={cancel.isPending} onClick={cancelPlan}>
              {t('billing.manage.cancel')}
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid gap-2">
        <h3 className="font-medium">{t('billing.manage.receipts')}</h3>
        {invoices.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : !invoices.data?.payments.length ? (
          <p className="text-sm text-muted-foreground">{t('billing.manage.noReceipts')}</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {invoices.data.payments.map((p) => (
              <li key={p.id} className="flex flex-wrap justify-between gap-2 border-b py-1 last:border-0">
                <span>
                  {date(p.paidAt ?? p.createdAt)} · {p.description ?? p.tier}
                  {p.testMode ? ` (${t('billing.manage.testMode')})` : ''}
                </span>
                <span className="tabular-nums">
                  {format.pounds(p.amountPence / 100)} ·{' '}
                  <Badge variant={p.status === 'paid' ? 'success' : 'destructive'}>{p.status}</Badge>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
