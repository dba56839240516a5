import { type FormEvent, useState } from 'react';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { useTranslation } from '#client/i18n';
import { apiRequest, getJson } from '#client/lib/api-client';
import { STORAGE_KEYS, readStorage, removeStorage, writeStorage } from '#client/lib/storage';
import { PublicPage } from '../public-page';

/** Development only: try a sign-in, read the session endpoints, and clear a stored bearer token. */
export default function AuthDebugRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('dev.authDebug.title'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [output, setOutput] = useState<string>('');

  const run = async (action: () => Promise<unknown>) => {
    try {
      setOutput(JSON.stringify(await action(), null, 2) ?? '');
    } catch (error) {
      setOutput(String(error));
    }
  };

  const onLogin = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await apiRequest<{ sessionToken?: string }>('POST', '/api/auth/login', {
        email,
        password,
      });
      if (answer?.sessionToken) writeStorage(STORAGE_KEYS.authToken, answer.sessionToken);
      return answer;
    });
  };

  return (
    <PublicPage>
      <div className="container-page grid max-w-3xl gap-6 py-10">
        <h1 className="text-2xl font-semibold">{t('dev.authDebug.title')}</h1>
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('dev.authDebug.login')}</CardTitle>
          </CardHeader>
          <CardContent>
            <form onSubmit={onLogin} className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <div className="grid gap-2">
                <Label htmlFor="debug-email">{t('auth.fields.email')}</Label>
                <Input
                  id="debug-email"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="debug-password">{t('auth.fields.password')}</Label>
                <Input
                  id="debug-password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </div>
              <Button type="submit">{t('dev.authDebug.login')}</Button>
            </form>
          </CardContent>
        </Card>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void run(() => getJson('/api/auth/debug'))}>
            {t('dev.authDebug.debugEndpoint')}
          </Button>
          <Button variant="outline" onClick={() => void run(() => getJson('/api/auth/user'))}>
            {t('dev.authDebug.currentUser')}
          </Button>
          <Button
            variant="outline"
            onClick={() => {
              removeStorage(STORAGE_KEYS.authToken);
              setOutput(t('dev.authDebug.cleared'));
            }}
          >
            {t('dev.authDebug.clearToken')}
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">
          {t('dev.authDebug.storedToken')}: {readStorage(STORAGE_KEYS.authToken) ? t('dev.yes') : t('dev.no')}
        </p>
        <pre aria-live="polite" className="min-h-24 overflow-x-auto rounded-md bg-muted p-3 text-sm">
          {output}
        </pre>
      </div>
    </PublicPage>
  );
}
