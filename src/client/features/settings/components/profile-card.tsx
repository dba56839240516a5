import { Globe2, LocateFixed } from 'lucide-react';
import { useState, type FormEvent } from 'react';
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
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { toast } from '#client/components/ui/toast-store';
import { useUserSubscriptions } from '#client/features/dashboard/api/get-user-subscriptions';
import { changeLanguage, useTranslation } from '#client/i18n';
import { useUpdateFailed } from './use-update-failed';
import { LANGUAGES } from '#client/i18n/language-names';
import { type LanguageCode, isLanguageCode, pickLanguage } from '#client/i18n/languages';
import type { CurrentUser } from '#shared/schemas/auth';
import type { UserSettingsUpdate } from '#shared/schemas/settings';
import { useUpdateSettings } from '../api/account';
import { useFormat } from '#client/lib/format';
import { type Detection, detectLocation } from '../api/location';

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

/** Account information (Profile) with the editable name and company. */
export function ProfileCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const format = useFormat();
  const update = useUpdateSettings();
  const failed = useUpdateFailed();
  const [form, setForm] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    companyName: user.companyName ?? '',
  });
  const since = format.date(user.createdAt);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { firstName: form.firstName, lastName: form.lastName, companyName: form.companyName.trim() || null },
      { onSuccess: () => toast({ title: t('settings.profile.saved') }), onError: failed },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('settings.profile.title')}</CardTitle>
        <CardDescription>{t('settings.profile.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">{t('settings.profile.email')}</dt>
          <dd className="break-all">{user.email}</dd>
          <dt className="text-muted-foreground">{t('settings.profile.plan')}</dt>
          <dd>
            {t(`settings.profile.tier.${user.subscriptionTier}`)}{' '}
            <Link to="/upgrade" className="text-primary underline underline-offset-4">
              {t('settings.profile.changePlan')}
            </Link>
          </dd>
          <dt className="text-muted-foreground">{t('settings.profile.memberSince')}</dt>
          <dd>{since}</dd>
        </dl>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-3">
          <div className="grid gap-1">
            <Label htmlFor="settings-first-name">{t('settings.profile.firstName')}</Label>
            <Input
              id="settings-first-name"
              required
              maxLength={100}
              autoComplete="given-name"
              value={form.firstName}
              onChange={(e) => setForm({ ...form, firstName: e.target.value })}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="settings-last-name">{t('settings.profile.lastName')}</Label>
            <Input
              id="settings-last-name"
              required
              maxLength={100}
              autoComplete="family-name"
              value={form.lastName}
              onChange={(e) => setForm({ ...form, lastName: e.target.value })}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="settings-company">{t('settings.profile.company')}</Label>
            <Input
              id="settings-company"
              maxLength={200}
              autoComplete="organization"
              value={form.companyName}
              onChange={(e) => setForm({ ...form, companyName: e.target.value })}
            />
          </div>
          <Button type="submit" className="w-fit" disabled={update.isPending}>
            {t('settings.profile.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

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

const nativeName = (code: string) => LANGUAGES.find((l) => l.code === code)?.nativeName ?? code;

type Detecting = { status: 'idle' } | { status: 'detecting' } | ({ status: 'done' } & Detection);

/**
 * 'Detect my location': only on the member's click, the place found (or the spec's error) and
 * the language of its country, or when that fails the browser's, with a button to use it.
 */
function LocationSection({
  current,
  onUse,
  saving,
}: {
  current: string;
  onUse: (code: LanguageCode) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<Detecting>({ status: 'idle' });
  const detect = async () => {
    setState({ status: 'detecting' });
    setState({ status: 'done', ...(await detectLocation()) });
  };
  const done = state.status === 'done' ? state : null;
  const suggested: LanguageCode | null = !done
    ? null
    : done.location
      ? done.location.language
      : pickLanguage([...(navigator.languages ?? []), navigator.language]);
  const place = done?.location
    ? [
        ...new Set([
          done.location.city,
          done.location.region,
          done.location.countryName ?? done.location.countryCode,
        ]),
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  const language = suggested ? nativeName(suggested) : '';
  return (
    <section aria-labelledby="settings-location" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="max-w-prose">
          <h3 id="settings-location" className="font-medium">
            {t('settings.location.title')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('settings.location.description')}</p>
        </div>
        <Button variant="outline" onClick={() => void detect()} disabled={state.status === 'detecting'}>
          <LocateFixed aria-hidden="true" />
          {t('settings.location.detect')}
        </Button>
      </div>
      <div aria-live="polite" className="grid gap-2 text-sm">
        {state.status === 'detecting' && (
          <p className="text-muted-foreground">{t('settings.location.detecting')}</p>
        )}
        {done && (
          <>
            {done.error ? (
              <p className="font-medium text-destructive">{t(`settings.location.errors.${done.error}`)}</p>
            ) : (
              <p>{t('settings.location.found', { place })}</p>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <p>
                {t(done.error ? 'settings.location.browser' : 'settings.location.suggested', { language })}
              </p>
              {suggested === current ? (
                <p className="text-muted-foreground">{t('settings.location.inUse', { language })}</p>
              ) : (
                suggested && (
                  <Button size="sm" onClick={() => onUse(suggested)} disabled={saving}>
                    {t('settings.location.use', { language })}
                  </Button>
                )
              )}
            </div>
          </>
        )}
      </div>
    </section>
  );
}
