import { useEffect, useRef, useState } from 'react';
import { Alert, AlertDescription } from '#client/components/ui/alert';
import { Spinner } from '#client/components/ui/spinner';
import { useTranslation } from '#client/i18n';
import { showReference } from '../lib/load-reference';

export const OPENAPI_URL = '/api/v1/openapi.json';

/** The interactive reference (try-it with the member's own key through Authorize). */
export function ApiReference() {
  const { t } = useTranslation();
  const node = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    if (!node.current) return;
    let live = true;
    showReference(node.current, OPENAPI_URL).then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="grid gap-3">
      {state === 'loading' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner aria-hidden="true" />
          {t('developers.page.referenceLoading')}
        </p>
      ) : null}
      {state === 'failed' ? (
        <Alert variant="warning">
          <AlertDescription>
            {t('developers.page.referenceFailed')}{' '}
            <a href={OPENAPI_URL} className="underline underline-offset-4">
              {t('developers.page.openapiLink')}
            </a>
          </AlertDescription>
        </Alert>
      ) : null}
      <div
        ref={node}
        dir="ltr"
        className="api-reference overflow-x-auto rounded-md border bg-white text-start"
      />
    </div>
  );
}
