import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { useTranslation } from '#client/i18n';

/** A signed webhook's secret, shown this once with a copy button; focus moves here so it is announced. */
export function SigningSecretPanel({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const copy = () =>
    navigator.clipboard
      .writeText(secret)
      .then(() => setStatus('copied'))
      .catch(() => setStatus('failed'));
  return (
    <Alert variant="success">
      <AlertTitle ref={heading} tabIndex={-1} className="outline-none">
        {t('channels.webhooks.secretTitle')}
      </AlertTitle>
      <AlertDescription className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
        <p>{t('channels.webhooks.secretText')}</p>
        <code
          data-testid="webhook-signing-secret"
          className="block rounded-md border bg-card px-3 py-2 font-mono text-sm break-all text-foreground select-all"
        >
          {secret}
        </code>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" onClick={() => void copy()}>
            {status === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {t('channels.webhooks.copy')}
          </Button>
          <Button type="button" variant="outline" onClick={onDone}>
            {t('channels.webhooks.done')}
          </Button>
          <span role="status" className="text-sm">
            {status === 'copied' ? t('channels.webhooks.copied') : null}
            {status === 'failed' ? t('channels.webhooks.copyFailed') : null}
          </span>
        </div>
      </AlertDescription>
    </Alert>
  );
}
