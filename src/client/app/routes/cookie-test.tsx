import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { useTranslation } from '#client/i18n';
import { STORAGE_KEYS, readStorage } from '#client/lib/storage';
import { PublicPage } from '../public-page';

/** Development only: the cookies and consent values this browser holds. */
export default function CookieTestRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('dev.cookieTest.title'));
  const [snapshot, setSnapshot] = useState(readSnapshot);
  return (
    <PublicPage>
      <div className="container-page grid max-w-3xl gap-6 py-10">
        <h1 className="text-2xl font-semibold">{t('dev.cookieTest.title')}</h1>
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('dev.cookieTest.readable')}</CardTitle>
          </CardHeader>
          <CardContent>
            <pre className="overflow-x-auto rounded-md bg-muted p-3 text-sm">
              {JSON.stringify(snapshot, null, 2)}
            </pre>
          </CardContent>
        </Card>
        <Button className="justify-self-start" onClick={() => setSnapshot(readSnapshot())}>
          {t('dev.refresh')}
        </Button>
      </div>
    </PublicPage>
  );
}

function readSnapshot() {
  return {
    cookies: document.cookie
      .split(';')
      .map((c) => c.trim().split('=')[0])
      .filter(Boolean),
    consentGiven: readStorage(STORAGE_KEYS.cookieConsentGiven),
    preferences: readStorage(STORAGE_KEYS.cookiePreferences),
  };
}
