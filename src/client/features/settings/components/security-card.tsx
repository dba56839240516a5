import { LogOut, Monitor } from 'lucide-react';
import { QueryState } from '#client/components/query-state';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { useUpdateFailed } from './use-update-failed';
import type { CurrentUser, MemberSession } from '#shared/schemas/auth';
import { useEndSession, useSessions } from '../api/account';

/** 'Chrome on Windows' from a User-Agent, good enough to recognise one's own devices. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} on ${system}` : browser;
}

function SessionRow({ session }: { session: MemberSession }) {
  const { t } = useTranslation();
  const format = useFormat();
  const end = useEndSession();
  const failed = useUpdateFailed();
  const date = (iso: string) => format.dateTime(iso);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3 text-sm">
      <div className="flex items-start gap-3">
        <Monitor aria-hidden="true" className="mt-0.5 size-4 text-muted-foreground" />
        <div>
          <p className="font-medium">
            {describeDevice(session.userAgent)}{' '}
            {session.current && <Badge variant="success">{t('settings.sessions.current')}</Badge>}
          </p>
          <p className="text-muted-foreground">
            {[
              session.ip,
              t('settings.sessions.signedIn', { date: date(session.createdAt) }),
              t('settings.sessions.lastSeen', { date: date(session.lastSeenAt) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          disabled={end.isPending}
          onClick={() => end.mutate(session.id, { onError: failed })}
        >
          <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
          {t('settings.sessions.signOut')}
        </Button>
      )}
    </li>
  );
}

function SessionsList() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const end = useEndSession();
  const others = sessions.data?.sessions.filter((s) => !s.current) ?? [];
  return (
    <section className="grid gap-3" aria-labelledby="settings-sessions">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="settings-sessions" className="font-medium">
          {t('settings.sessions.title')}
        </h3>
        {others.length > 0 && (
          <Button variant="outline" size="sm" onClick={() => others.forEach((s) => end.mutate(s.id))}>
            {t('settings.sessions.signOutOthers')}
          </Button>
        )}
      </div>
      <QueryState
        query={sessions}
        loading={<Skeleton className="h-16 w-full" />}
        error={() => (
          <p role="alert" className="text-sm text-destructive-strong">
            {t('settings.sessions.loadFailed')}
          </p>
        )}
      >
        {(data) => (
          <ul className="grid gap-2">
            {data.sessions.map((s) => (
              <SessionRow key={s.id} session={s} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

/** Password, email address and where the member is signed in. */
export function SecurityCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('settings.security.title')}</CardTitle>
        <CardDescription>{t('settings.security.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <PasswordForm />
        <EmailForm user={user} />
        <SessionsList />
      </CardContent>
    </Card>
  );
}
