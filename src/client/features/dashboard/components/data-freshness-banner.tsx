import { AlertTriangle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';
import type { DataFreshness, SyncSourceStatus } from '#shared/schemas/sync';
import { useDataStateArea } from '../lib/data-state-area';

/** One retried source: its name, when it last updated the data and when it was last tried (times the service recorded). */
function RetriedSource({ source }: { source: SyncSourceStatus }) {
  const { t } = useTranslation();
  const format = useFormat();
  const name = t(`dataState.freshness.source.${source.kind}`);
  const updated = source.lastSuccessAt
    ? t('dataState.freshness.lastUpdated', { time: format.dateTime(source.lastSuccessAt) })
    : t('dataState.freshness.neverUpdated');
  const checked = source.lastAttemptAt
    ? t('dataState.freshness.lastChecked', { time: format.dateTime(source.lastAttemptAt) })
    : null;
  return (
    <li>
      <span className="font-medium">{name}</span>: {updated}
      {checked ? ` · ${checked}` : ''}
    </li>
  );
}

/**
 * Shown while members see the bundled snapshot or a source has not synced within its expected
 * interval: what is shown, since when, and which sources are being retried. Loaded (with its
 * messages) only when there is something to say (data-freshness-slot.tsx).
 */
export default function DataFreshnessBanner({ data }: { data: DataFreshness }) {
  const { t } = useTranslation();
  const format = useFormat();
  const messages = useDataStateArea(true);
  if (!messages) return null;
  const retried = data.sources.filter((s) => s.stale);
  return (
    <Alert variant="warning" data-freshness-banner aria-labelledby="freshness-title">
      <AlertTriangle aria-hidden="true" />
      <AlertTitle id="freshness-title">
        {data.snapshot ? t('dataState.freshness.snapshotTitle') : t('dataState.freshness.staleTitle')}
      </AlertTitle>
      <AlertDescription className="grid gap-2">
        <p>
          {data.snapshot
            ? t('dataState.freshness.snapshotText', {
                taken: format.date(data.snapshot.takenAt, 'long'),
                date: format.date(data.snapshot.loadedAt, 'long'),
              })
            : t('dataState.freshness.staleText')}
        </p>
        {retried.length > 0 && (
          <div>
            <p>{t('dataState.freshness.retrying')}</p>
            <ul className="list-disc ps-5">
              {retried.map((source) => (
                <RetriedSource key={source.kind} source={source} />
              ))}
            </ul>
          </div>
        )}
      </AlertDescription>
    </Alert>
  );
}
