import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { useTranslation } from '#client/i18n';
import type { ApiKeyCreated } from '#shared/schemas/api-keys';
import { copyText } from '../lib/copy-text';

/** The key just made, shown this once with a copy button; focus moves here so it is announced. */
export function NewKeyPanel({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const copy = async () => setStatus((await copyText(created.key)) ? 'copied' : 'failed');
  return (
    <Alert variant="success">
      <AlertTitle ref={heading} tabIndex={-1} className="outline-none">
        {t('developers.card.newKeyTitle')}: {created.name}
      </AlertTitle>
      <AlertDescription className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
        <p>{t('developers.card.newKeyText')}</p>
        <code
          data-testid="new-api-key"
          className="block rounded-md border bg-card px-3 py-2 font-mono text-sm break-all text-foreground select-all"
        >
          {created.key}
        </code>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" onClick={() => void copy()}>
            {status === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {t('developers.card.copy')}
          </Button>
          <Button type="button" variant="outline" onClick={onDone}>
            {t('developers.card.done')}
          </Button>
          <span role="status" className="text-sm">
            {status === 'copied' ? t('developers.card.copied') : null}
            {status === 'failed' ? t('developers.card.copyFailed') : null}
          </span>
        </div>
      </AlertDescription>
    </Alert>
  );
}
