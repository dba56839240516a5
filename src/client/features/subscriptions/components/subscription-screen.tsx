import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge';
import { Button, buttonVariants } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { Checkbox } from '#client/components/ui/checkbox';
import { Skeleton } from '#client/components/ui/skeleton';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage, apiRequest, getJson } from '#client/lib/api-client';
import { useFormat } from '#client/lib/format';
import type { Jurisdiction, LawArea } from '#shared/schemas/reference';
import type { CanSubscribeResponse, UserSubscription } from '#shared/schemas/subscriptions';
import type { BillingStatus, InvoicesResponse } from '#shared/schemas/billing';

const keys = {
  jurisdictions: ['subscription', 'jurisdictions'] as const,
  lawAreas: ['subscription', 'law-areas'] as const,
  mine: ['dashboard', 'user-subscriptions'] as const,
  status: ['billing', 'status'] as const,
  invoices: ['billing', 'invoices'] as const,
};

function PlanCard() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: keys.status,
    queryFn: ({ signal }) => getJson<BillingStatus>('/api/billing/status', { signal }),
  });
  const invoices = useQuery({
    queryKey: keys.invoices,
    queryFn: ({ signal }) => getJson<InvoicesResponse>('/api/billing/invoices', { signal }),
  });
  const cancel = useMutation({
    mutationFn: () => apiRequest<{ cancelAt: string; message: string }>('POST', '/api/billing/cancel'),
    onSuccess: (r) => {
      void queryClient.invalidateQueries({ queryKey: ['billing'] });
      toast({ title: t('billing.manage.cancelled'), description: r.message });
    },
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
            <Button variant="outline" size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
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

/** /subscription: the member's plan and payments, and the grid of jurisdictions × law areas. */
export function SubscriptionScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const jurisdictions = useQuery({
    queryKey: keys.jurisdictions,
    queryFn: ({ signal }) => getJson<Jurisdiction[]>('/api/jurisdictions', { signal }),
  });
  const lawAreas = useQuery({
    queryKey: keys.lawAreas,
    queryFn: ({ signal }) => getJson<LawArea[]>('/api/law-areas', { signal }),
  });
  const mine = useQuery({
    queryKey: keys.mine,
    queryFn: ({ signal }) => getJson<UserSubscription[]>('/api/user-subscriptions', { signal }),
  });
  const toggle = useMutation({
    mutationFn: async (pair: { jurisdictionId: number; lawAreaId: number; on: boolean }) => {
      if (pair.on) {
        const check = await apiRequest<CanSubscribeResponse>('POST', '/api/can-subscribe', {
          jurisdictionId: pair.jurisdictionId,
          lawAreaId: pair.lawAreaId,
        });
        if (!check.canSubscribe) return { refused: check.reason ?? '' };
      }
      await apiRequest('PATCH', '/api/user-subscriptions/toggle', {
        jurisdictionId: pair.jurisdictionId,
        lawAreaId: pair.lawAreaId,
      });
      return { refused: null };
    },
    onSuccess: ({ refused }) => {
      if (refused !== null)
        return toast({
          title: t('subscriptions.limitReached'),
          description: refused,
          variant: 'destructive',
        });
      void queryClient.invalidateQueries({ queryKey: keys.mine });
      toast({ title: t('subscriptions.updated') });
    },
    onError: (error) =>
      toast({
        title: t('subscriptions.failed'),
        description: apiErrorMessage(error, t('subscriptions.failed')),
        variant: 'destructive',
      }),
  });
  const active = new Set(
    (mine.data ?? []).filter((s) => s.isActive).map((s) => `${s.jurisdictionId}:${s.lawAreaId}`),
  );
  const loading = jurisdictions.isPending || lawAreas.isPending || mine.isPending;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PlanCard />
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('subscriptions.gridTitle')}</CardTitle>
          <CardDescription>{t('subscriptions.gridDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          {loading ? (
            <Skeleton className="h-48 w-full" />
          ) : jurisdictions.isError || lawAreas.isError || mine.isError ? (
            <p role="alert" className="text-destructive-strong">
              {t('subscriptions.loadFailed')}
            </p>
          ) : (
            <div
              tabIndex={0}
              role="region"
              aria-label={t('subscriptions.gridTitle')}
              className="overflow-x-auto"
            >
              <table className="w-full min-w-[36rem] text-sm">
                <thead>
                  <tr>
                    <th scope="col" className="p-2 text-start">
                      {t('subscriptions.lawArea')}
                    </th>
                    {jurisdictions.data!.map((j) => (
                      <th key={j.id} scope="col" className="p-2 text-center font-medium">
                        {j.name}
                        {!j.isActive && (
                          <span className="block text-xs font-normal text-muted-foreground">
                            {t('subscriptions.soon')}
                          </span>
                        )}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {lawAreas.data!.map((area) => (
                    <tr key={area.id} className="border-t">
                      <th scope="row" className="p-2 text-start font-normal">
                        {area.name}
                      </th>
                      {jurisdictions.data!.map((j) => {
                        const key = `${j.id}:${area.id}`;
                        return (
                          <td key={j.id} className="p-2 text-center">
                            <Checkbox
                              aria-label={t('subscriptions.cellLabel', {
                                area: area.name,
                                jurisdiction: j.name,
                              })}
                              checked={active.has(key)}
                              disabled={!j.isActive || toggle.isPending}
                              onCheckedChange={(on) =>
                                toggle.mutate({ jurisdictionId: j.id, lawAreaId: area.id, on: on === true })
                              }
                            />
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to="/" className={buttonVariants({ variant: 'outline' })}>
              {t('subscriptions.back')}
            </Link>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
