import { BellRing } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { useAuth } from '#client/lib/session/use-auth';
import { useTranslation } from '#client/i18n';
import { DataCard } from './data-card';
import { LegislationTypesCard } from './legislation-types-card';
import { ProfileCard } from './profile-card';
import { RegionCard } from './region-card';
import { SecurityCard } from './security-card';

/** /settings: Profile, Preferences (legislation types), Language, Country, Timezone, Notifications, account. */
export function SettingsScreen({ developers }: { developers?: ReactNode } = {}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="grid gap-6">
      <ProfileCard user={user} />
      <LegislationTypesCard />
      <RegionCard user={user} />
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <div className="grid gap-1">
            <CardTitle as="h2">{t('settings.notifications.title')}</CardTitle>
            <CardDescription>{t('settings.notifications.description')}</CardDescription>
          </div>
          <Link
            to="/preferences"
            className="inline-flex items-center gap-2 text-primary underline underline-offset-4"
          >
            <BellRing aria-hidden="true" className="size-4" />
            {t('settings.notifications.link')}
          </Link>
        </CardHeader>
      </Card>
      <SecurityCard user={user} />
      {developers}
      <DataCard user={user} />
    </div>
  );
}
