import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog';
import { Skeleton } from '#client/components/ui/skeleton';
import { Spinner } from '#client/components/ui/spinner';
import { Switch } from '#client/components/ui/switch';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation, type TranslationKey } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { LEGISLATION_TYPES, type LegislationTypeInfo } from '#shared/legislation';
import { useSyncUkLegislation } from '../api/account';
import {
  followedCountsQuery,
  useDismissFollowedByTypes,
  useGlobalAvailability,
  useLegislationPreferences,
  useSaveLegislationPreferences,
} from '../api/legislation-preferences';

const GROUPS = [
  ['primary', LEGISLATION_TYPES.filter((x) => x.category === 'primary' && !x.draft)],
  ['secondary', LEGISLATION_TYPES.filter((x) => x.category === 'secondary' && !x.draft)],
  ['draft', LEGISLATION_TYPES.filter((x) => x.draft)],
] as const;

/** The 16 UK legislation types: switching one off that the member follows asks first (spec §4). */
export function LegislationTypesCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const prefs = useLegislationPreferences();
  const availability = useGlobalAvailability();
  const counts = useQuery(followedCountsQuery());
  const save = useSaveLegislationPreferences();
  const dismiss = useDismissFollowedByTypes();
  const sync = useSyncUkLegislation();
  const [confirm, setConfirm] = useState<{ type: LegislationTypeInfo; count: number } | null>(null);

  const failed = () =>
    toast({
      title: t('settings.types.updateFailedTitle'),
      description: t('settings.types.updateFailed'),
      variant: 'destructive',
    });
  const setType = (code: string, on: boolean) => save.mutate({ [code]: on }, { onError: failed });

  const onToggle = async (type: LegislationTypeInfo, on: boolean) => {
    if (on) return setType(type.code, true);
    // turning off: ask first when the member follows items of this type
    const fresh = await queryClient.fetchQuery({ ...followedCountsQuery(), staleTime: 0 }).catch(() => null);
    const count = fresh?.[type.code] ?? 0;
    if (count > 0) setConfirm({ type, count });
    else setType(type.code, false);
  };

  const onContinue = () => {
    if (!confirm) return;
    const { type } = confirm;
    setConfirm(null);
    dismiss.mutate([type.code], {
      onSuccess: () => setType(type.code, false),
      onError: failed,
    });
  };

  const name = (type: LegislationTypeInfo) =>
    t(`legislationTypes.${type.code}` as TranslationKey, { defaultValue: type.name });
  const enabledCount = prefs.data ? Object.values(prefs.data).filter(Boolean).length : 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('settings.types.title')}</CardTitle>
        <CardDescription>{t('settings.types.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {prefs.isPending || availability.isPending ? (
          <div aria-busy="true" className="grid gap-2">
            <span className="sr-only">{t('common.loading')}</span>
            <Skeleton className="h-40 w-full" />
          </div>
        ) : prefs.isError || !prefs.data ? (
          <p role="alert" className="text-destructive-strong">
            {t('settings.types.loadFailed')}{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => void prefs.refetch()}>
              {t('settings.common.tryAgain')}
            </Button>
          </p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-3">
            {GROUPS.map(([group, types]) => (
              <fieldset key={group} className="grid content-start gap-3 rounded-lg border p-4">
                <legend className="px-1 text-sm font-semibold">{t(`settings.types.group.${group}`)}</legend>
                {types.map((type) => {
                  const unavailable = availability.data?.[type.code] === false;
                  const followed = counts.data?.[type.code] ?? 0;
                  const id = `type-${type.code}`;
                  return (
                    <div key={type.code} className="flex items-start justify-between gap-3">
                      <label htmlFor={id} className="grid text-sm">
                        <span className={unavailable ? 'text-muted-foreground' : ''}>{name(type)}</span>
                        <span className="text-xs text-muted-foreground">
                          {unavailable
                            ? t('settings.types.unavailable')
                            : t('settings.types.following', { count: followed })}
                        </span>
                      </label>
                      <Switch
                        id={id}
                        checked={!unavailable && (prefs.data[type.code] ?? true)}
                        disabled={unavailable || save.isPending || dismiss.isPending}
                        title={unavailable ? t('settings.types.disabledTooltip') : undefined}
                        onCheckedChange={(on) => void onToggle(type, on)}
                      />
                    </div>
                  );
                })}
              </fieldset>
            ))}
          </div>
        )}
        <div className="flex flex-wrap items-center gap-3 border-t pt-4">
          <Button
            variant="outline"
            // the label is long in some languages: it wraps on a phone rather than widen the page
            className="h-auto min-h-9 max-w-full py-2 whitespace-normal"
            disabled={sync.isPending || enabledCount === 0}
            onClick={() =>
              sync.mutate(undefined, {
                onSuccess: (r) =>
                  toast({
                    title: t('settings.sync.done'),
                    description: t('settings.sync.doneText', { count: r.syncedCount }),
                  }),
                onError: (error) =>
                  toast({
                    title: t('settings.sync.failedTitle'),
                    description: apiErrorMessage(error, t('settings.sync.failed')),
                    variant: 'destructive',
                  }),
              })
            }
          >
            {sync.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            {sync.isPending ? t('settings.sync.running') : t('settings.sync.button')}
          </Button>
          {enabledCount === 0 && (
            <p className="text-sm text-muted-foreground">{t('settings.sync.needType')}</p>
          )}
          <Link to="/preferences" className="text-sm text-primary underline underline-offset-4">
            {t('settings.types.alertsLink')}
          </Link>
        </div>
      </CardContent>
      <Dialog open={confirm !== null} onOpenChange={(open) => !open && setConfirm(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('settings.types.confirmTitle')}</DialogTitle>
            <DialogDescription>
              {confirm && t('settings.types.confirmText', { count: confirm.count, type: name(confirm.type) })}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirm(null)}>
              {t('settings.common.cancel')}
            </Button>
            <Button onClick={onContinue}>{t('settings.types.continue')}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
