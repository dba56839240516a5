import { Link } from 'react-router';
import { buttonVariants } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { Checkbox } from '#client/components/ui/checkbox';
import { type Column, DataTable } from '#client/components/ui/data-table';
import { Skeleton } from '#client/components/ui/skeleton';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { useUserSubscriptions } from '#client/lib/member-subscriptions';
import type { Jurisdiction, LawArea } from '#shared/schemas/reference';
import {
  type SubscriptionSwitch,
  useJurisdictions,
  useLawAreas,
  useToggleSubscription,
} from '../api/subscriptions';
import { PlanCard } from './plan-card';

/** /subscription: the member's plan and payments, and the grid of jurisdictions × law areas. */
export function SubscriptionScreen() {
  const { t } = useTranslation();
  const jurisdictions = useJurisdictions();
  const lawAreas = useLawAreas();
  const mine = useUserSubscriptions();
  const toggle = useToggleSubscription();
  const change = (pair: SubscriptionSwitch) =>
    toggle.mutate(pair, {
      onSuccess: ({ refused }) =>
        refused !== null
          ? toast({ title: t('subscriptions.limitReached'), description: refused, variant: 'destructive' })
          : toast({ title: t('subscriptions.updated') }),
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
  // only what a member can follow: a jurisdiction not yet covered is not offered
  const covered = (jurisdictions.data ?? []).filter((j) => j.isActive);

  const columns = (places: Jurisdiction[]): Column<LawArea>[] => [
    { key: 'area', header: t('subscriptions.lawArea'), rowHeader: true, cell: (area) => area.name },
    ...places.map((j): Column<LawArea> => ({
      key: String(j.id),
      align: 'center',
      headerClassName: 'font-medium',
      header: j.name,
      cell: (area) => (
        <Checkbox
          aria-label={t('subscriptions.cellLabel', { area: area.name, jurisdiction: j.name })}
          checked={active.has(`${j.id}:${area.id}`)}
          disabled={toggle.isPending}
          onCheckedChange={(on) => change({ jurisdictionId: j.id, lawAreaId: area.id, on: on === true })}
        />
      ),
    })),
  ];

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
            <DataTable
              label={t('subscriptions.gridTitle')}
              className=""
              headClassName=""
              cellClassName="p-2"
              // one column per jurisdiction: a phone scrolls the table only when several are covered
              minWidth={covered.length > 2 ? 'min-w-[36rem]' : 'min-w-0'}
              rows={lawAreas.data!}
              rowKey={(area) => area.id}
              columns={columns(covered)}
            />
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
