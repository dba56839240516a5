import { lazy, Suspense } from 'react';
import { useDataFreshness } from '../api/get-data-freshness';

const DataFreshnessBanner = lazy(() => import('./data-freshness-banner'));

/** Where the stale-data banner appears: its code and messages load only while the data is stale. */
export function DataFreshnessSlot() {
  const { data } = useDataFreshness();
  if (!data?.stale) return null;
  return (
    <Suspense fallback={null}>
      <DataFreshnessBanner data={data} />
    </Suspense>
  );
}
