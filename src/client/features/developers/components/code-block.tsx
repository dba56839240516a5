import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { useTranslation } from '#client/i18n';
import { copyText } from '../lib/copy-text';

/** A snippet to copy: code stays left-to-right in every language. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
      <pre
        dir="ltr"
        aria-label={label}
        tabIndex={0}
        className="overflow-x-auto rounded-md border bg-muted px-4 py-3 text-start font-mono text-sm"
      >
        <code>{code}</code>
      </pre>
      <div className="flex items-center gap-3">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => void copyText(code).then(setCopied)}
          aria-label={`${t('developers.page.copyCode')}: ${label}`}
        >
          {t('developers.page.copyCode')}
        </Button>
        <span role="status" className="text-sm text-muted-foreground">
          {copied ? t('developers.page.codeCopied') : null}
        </span>
      </div>
    </div>
  );
}
