import { AlertTriangle } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { useTranslation } from '#client/i18n';
import { isChunkLoadError } from '#client/lib/lazy-import';

/**
 * Whole-page fallback when a screen fails to render or its code cannot be loaded. A failed
 * download only offers a reload: trying to render again would reuse the failed import.
 */
export function AppErrorFallback({ error, onRetry }: { error?: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const chunkFailed = isChunkLoadError(error);
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div role="alert" className="grid max-w-md justify-items-center gap-4 text-center">
        <AlertTriangle aria-hidden="true" className="size-10 text-destructive" />
        <h1 className="text-2xl font-semibold">
          {chunkFailed ? t('errors.chunkLoad.title') : t('errors.unexpected.title')}
        </h1>
        <p className="text-muted-foreground">
          {chunkFailed ? t('errors.chunkLoad.description') : t('errors.unexpected.description')}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={() => window.location.reload()}>{t('errors.unexpected.reload')}</Button>
          {!chunkFailed && (
            <Button variant="outline" onClick={onRetry}>
              {t('errors.unexpected.retry')}
            </Button>
          )}
        </div>
      </div>
    </main>
  );
}
