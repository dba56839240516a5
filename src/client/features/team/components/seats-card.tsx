import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { TextField } from '#client/components/ui/form-field';
import { Progress } from '#client/components/ui/progress';
import { Spinner } from '#client/components/ui/spinner';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { useFormat } from '#client/lib/format';
import { MAX_SEATS_PER_PURCHASE, SEAT_MONTHLY_PRICE } from '#shared/orgs';
import { useBuySeats } from '../api/seats';
import { permissionsOf } from '../lib/permissions';
import type { CurrentOrg } from '../lib/types';
import { ReadOnlyNote } from './org-gate';

/** Seats used of those included and bought; an owner buys more (with `buy`), others see the count. */
export function SeatsCard({ org, buy = false }: { org: CurrentOrg; buy?: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { seats } = org;
  const total = seats.included + seats.purchased;
  const owner = permissionsOf(org.role).billing;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('team.seats.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="font-medium">{t('team.seats.used', { used: seats.used, total })}</p>
        <Progress value={total > 0 ? (seats.used / total) * 100 : 0} aria-hidden="true" />
        <p className="text-muted-foreground">
          {t('team.seats.detail', { included: seats.included, purchased: seats.purchased })}{' '}
          {t('team.seats.price', { price: format.pounds(SEAT_MONTHLY_PRICE / 100) })}
        </p>
        {!owner ? (
          <ReadOnlyNote>{t('team.seats.ownerOnly')}</ReadOnlyNote>
        ) : buy ? (
          <BuySeatsForm orgId={org.id} />
        ) : (
          <Link to="/subscription" className="w-fit text-primary underline underline-offset-4">
            {t('team.seats.manage')}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

function BuySeatsForm({ orgId }: { orgId: number }) {
  const { t } = useTranslation();
  const buySeats = useBuySeats(orgId);
  const [add, setAdd] = useState('1');
  const count = Number.parseInt(add, 10);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!Number.isInteger(count) || count < 1) return;
    buySeats.mutate(count, {
      onSuccess: (checkout) => {
        if (checkout.testMode) toast({ title: t('team.seats.bought'), variant: 'success' });
      },
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <TextField
        id="seats-add"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_SEATS_PER_PURCHASE}
        label={t('team.seats.add')}
        value={add}
        onValueChange={setAdd}
        className="w-32"
      />
      <Button type="submit" disabled={buySeats.isPending}>
        {buySeats.isPending && <Spinner />}
        {t('team.seats.buy')}
      </Button>
      <p role="alert" className="basis-full text-sm font-medium text-destructive empty:hidden">
        {buySeats.isError ? apiErrorMessage(buySeats.error, t('team.seats.failed')) : ''}
      </p>
    </form>
  );
}
