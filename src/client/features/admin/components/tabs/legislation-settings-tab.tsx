import { useQuery } from '@tanstack/react-query';
import { RefreshCw, Save, Wand2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '#client/components/ui/button';
import { Checkbox } from '#client/components/ui/checkbox';
import { Label } from '#client/components/ui/label';
import { Switch } from '#client/components/ui/switch';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation, type TranslationKey } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { LEGISLATION_TYPES } from '#shared/legislation';
import { useInitializeDefaults, useSaveAvailability } from '../../api/mutations';
import { availabilityQuery } from '../../api/queries';
import { QueryState } from '#client/components/query-state';
import { TabSection } from '../tab-section';

const GROUPS = [
  ['primary', LEGISLATION_TYPES.filter((x) => x.category === 'primary' && !x.draft)],
  ['secondary', LEGISLATION_TYPES.filter((x) => x.category === 'secondary' && !x.draft)],
  ['draft', LEGISLATION_TYPES.filter((x) => x.draft)],
] as const;

export default function LegislationSettingsTab() {
  const { t } = useTranslation();
  const query = useQuery(availabilityQuery());
  const save = useSaveAvailability();
  const defaults = useInitializeDefaults();
  const [draft, setDraft] = useState<Record<string, boolean>>({});
  const [override, setOverride] = useState(false);
  useEffect(() => {
    if (query.data) setDraft(query.data.availability);
  }, [query.data]);
  const enabled = Object.values(draft).filter(Boolean).length;
  const fail = (title: string) => (error: unknown) =>
    toast({
      title,
      description: apiErrorMessage(error, t('admin.common.tryAgainLater')),
      variant: 'destructive',
    });

  return (
    <TabSection
      title={t('admin.tabs.legislation-settings')}
      description={t('admin.settings.description')}
      action={
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={defaults.isPending}
            onClick={() =>
              defaults.mutate(undefined, {
                onSuccess: (r) =>
                  toast({
                    title: r.message,
                    description: t('admin.settings.enabledCount', {
                      count: r.totalItemsEnabled,
                      total: LEGISLATION_TYPES.length,
                    }),
                  }),
                onError: fail(t('admin.settings.initFailed')),
              })
            }
          >
            <Wand2 aria-hidden="true" />
            {t('admin.settings.recommended')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            <RefreshCw aria-hidden="true" />
            {t('admin.common.refresh')}
          </Button>
        </div>
      }
    >
      <QueryState query={query}>
        {() => (
          <div className="grid gap-4">
            <p role="status" className="font-medium">
              {t('admin.settings.enabledCount', { count: enabled, total: Object.keys(draft).length })}
            </p>
            <div className="grid gap-4 md:grid-cols-3">
              {GROUPS.map(([group, types]) => (
                <fieldset key={group} className="grid gap-2 rounded-lg border bg-card p-4">
                  <legend className="px-1 text-sm font-semibold">{t(`admin.settings.group.${group}`)}</legend>
                  {types.map((type) => (
                    <div key={type.preferenceKey} className="flex items-center gap-2">
                      <Checkbox
                        id={`avail-${type.preferenceKey}`}
                        checked={draft[type.preferenceKey] ?? false}
                        onCheckedChange={(checked) =>
                          setDraft((d) => ({ ...d, [type.preferenceKey]: checked === true }))
                        }
                      />
                      <Label htmlFor={`avail-${type.preferenceKey}`} className="font-normal">
                        {t(`legislationTypes.${type.code}` as TranslationKey, { defaultValue: type.name })}
                      </Label>
                    </div>
                  ))}
                </fieldset>
              ))}
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-4">
              <div className="flex items-center gap-2">
                <Switch id="admin-override" checked={override} onCheckedChange={setOverride} />
                <Label htmlFor="admin-override">{t('admin.settings.override')}</Label>
              </div>
              <Button
                disabled={save.isPending}
                onClick={() =>
                  save.mutate(
                    { availability: draft, override },
                    {
                      onSuccess: () => toast({ title: t('admin.settings.saved') }),
                      onError: fail(t('admin.settings.updateFailed')),
                    },
                  )
                }
              >
                <Save aria-hidden="true" />
                {t('admin.settings.save')}
              </Button>
            </div>
          </div>
        )}
      </QueryState>
    </TabSection>
  );
}
