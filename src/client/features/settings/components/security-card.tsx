import { LogOut, Monitor } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { Skeleton } from '#client/components/ui/skeleton';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';
import { useUpdateFailed } from './use-update-failed';
import type { CurrentUser, MemberSession } from '#shared/schemas/auth';
import {
  useChangePassword,
  useConfirmEmailChange,
  useEndSession,
  useRequestEmailChange,
  useSessions,
} from '../api/account';

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

function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const failed = useUpdateFailed();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: (r) => {
          setCurrent('');
          setNext('');
          toast({ title: t('settings.password.changed'), description: r.message });
        },
        onError: failed,
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3" aria-labelledby="settings-password">
      <h3 id="settings-password" className="font-medium">
        {t('settings.password.title')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor="current-password">{t('settings.password.current')}</Label>
          <Input
            id="current-password"
            type="password"
            required
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="new-password">{t('settings.password.new')}</Label>
          <Input
            id="new-password"
            type="password"
            required
            minLength={8}
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
        </div>
      </div>
      <Button type="submit" className="w-fit" disabled={change.isPending}>
        {t('settings.password.submit')}
      </Button>
    </form>
  );
}

function EmailForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const request = useRequestEmailChange();
  const confirm = useConfirmEmailChange();
  const failed = useUpdateFailed();
  const [current, setCurrent] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sent)
      return request.mutate(
        { currentPassword: current, newEmail: email },
        {
          onSuccess: (r) => {
            setSent(true);
            toast({ title: t('settings.email.codeSent'), description: r.message });
          },
          onError: failed,
        },
      );
    confirm.mutate(code, {
      onSuccess: () => {
        setSent(false);
        setCurrent('');
        setEmail('');
        setCode('');
        toast({ title: t('settings.email.changed') });
      },
      onError: failed,
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-3" aria-labelledby="settings-email">
      <h3 id="settings-email" className="font-medium">
        {t('settings.email.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('settings.email.current', { email: user.email })}</p>
      {sent ? (
        <div className="grid max-w-xs gap-1">
          <Label htmlFor="email-code">{t('settings.email.code')}</Label>
          <Input
            id="email-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1">
            <Label htmlFor="new-email">{t('settings.email.new')}</Label>
            <Input
              id="new-email"
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="email-password">{t('settings.password.current')}</Label>
            <Input
              id="email-password"
              type="password"
              required
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </div>
        </div>
      )}
      <Button type="submit" className="w-fit" disabled={request.isPending || confirm.isPending}>
        {sent ? t('settings.email.confirm') : t('settings.email.submit')}
      </Button>
    </form>
  );
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
      {sessions.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : sessions.isError ? (
        <p role="alert" className="text-sm text-destructive-strong">
          {t('settings.sessions.loadFailed')}
        </p>
      ) : (
        <ul className="grid gap-2">
          {sessions.data.sessions.map((s) => (
            <SessionRow key={s.id} session={s} />
          ))}
        </ul>
      )}
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
