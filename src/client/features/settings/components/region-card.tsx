import { Globe2 } from 'lucide-react';
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
import { Label } from '#client/components/ui/label';
import { toast } from '#client/components/ui/toast-store';
import { changeLanguage, useTranslation } from '#client/i18n';
import { LANGUAGES } from '#client/i18n/language-names';
import { useUserSubscriptions } from '#client/lib/member-subscriptions';
import { isLanguageCode } from '#shared/languages';
import type { CurrentUser } from '#shared/schemas/auth';
import type { UserSettingsUpdate } from '#shared/schemas/settings';
import { useUpdateSettings } from '../api/account';
import { LocationSection } from './location-section';
import { useUpdateFailed } from './use-update-failed';

const COMMON_ZONES = [
  'Europe/London',
  'Europe/Dublin',
  'Europe/Paris',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Tokyo',
];
const allZones = (): string[] => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.(
    'timeZone',
  );
  return supported?.length ? supported : COMMON_ZONES;
};

/** Language (the 'Select Language' dialog), Country (the member's subscriptions) and Timezone. */
export function RegionCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const update = useUpdateSettings();
  const failed = useUpdateFailed();
  const subscriptions = useUserSubscriptions();
  const [open, setOpen] = useState(false);
  const [language, setLanguage] = useState(user.language);
  const current = LANGUAGES.find((l) => l.code === user.language) ?? LANGUAGES[0];
  const zones = allZones();

  const saveLanguage = (code: string) =>
    update.mutate(
      { language: code as NonNullable<UserSettingsUpdate['language']> },
      {
        onSuccess: () => {
          setOpen(false);
          if (isLanguageCode(code)) void changeLanguage(code);
          toast({ title: t('settings.language.saved') });
        },
        onError: failed,
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('settings.region.title')}</CardTitle>
        <CardDescription>{t('settings.region.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section
          aria-labelledby="settings-language"
          className="flex flex-wrap items-center justify-between gap-3"
        >
          <div>
            <h3 id="settings-language" className="font-medium">
              {t('settings.language.title')}
            </h3>
            <p className="text-sm text-muted-foreground">{current.nativeName}</p>
          </div>
          <Button variant="outline" onClick={() => setOpen(true)}>
            <Globe2 aria-hidden="true" />
            {t('settings.language.change')}
          </Button>
        </section>
        <LocationSection current={user.language} onUse={saveLanguage} saving={update.isPending} />
        <section aria-labelledby="settings-country" className="grid gap-2">
          <h3 id="settings-country" className="font-medium">
            {t('settings.country.title')}
          </h3>
          <p className="text-sm text-muted-foreground">
            {subscriptions.data === undefined
              ? t('common.loading')
              : subscriptions.data.filter((s) => s.isActive).length === 0
                ? t('settings.country.none')
                : t('settings.country.count', {
                    count: subscriptions.data.filter((s) => s.isActive).length,
                  })}{' '}
            <Link to="/subscription" className="text-primary underline underline-offset-4">
              {t('settings.country.manage')}
            </Link>
          </p>
        </section>
        <section aria-labelledby="settings-timezone" className="grid gap-2">
          <h3 id="settings-timezone" className="font-medium">
            {t('settings.timezone.title')}
          </h3>
          <label htmlFor="settings-timezone-select" className="text-sm text-muted-foreground">
            {t('settings.timezone.description')}
          </label>
          <select
            id="settings-timezone-select"
            className="h-10 max-w-sm rounded-md border border-input bg-card px-3 text-sm"
            value={user.timezone}
            disabled={update.isPending}
            onChange={(e) =>
              update.mutate(
                { timezone: e.target.value },
                { onSuccess: () => toast({ title: t('settings.timezone.saved') }), onError: failed },
              )
            }
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </section>
      </CardContent>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('settings.language.dialogTitle')}</DialogTitle>
            <DialogDescription>{t('settings.language.dialogDescription')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1">
            <Label htmlFor="settings-language-select">{t('settings.language.display')}</Label>
            <select
              id="settings-language-select"
              className="h-10 rounded-md border border-input bg-card px-3 text-sm"
              value={language}
              onChange={(e) => setLanguage(e.target.value)}
            >
              {LANGUAGES.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.nativeName} ({l.name})
                </option>
              ))}
            </select>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('settings.common.cancel')}
            </Button>
            <Button onClick={() => saveLanguage(language)} disabled={update.isPending}>
              {t('settings.common.save')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
