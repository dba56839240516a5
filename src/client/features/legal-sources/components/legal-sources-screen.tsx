import { RecentCard } from './recent-card';
import { SearchCard } from './search-card';
import { SourcesCard } from './sources-card';

/** /legal-sources: the sources and their status, a search in five jurisdictions, the recent lists. */
export function LegalSourcesScreen() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <SourcesCard />
      <SearchCard />
      <RecentCard />
    </div>
  );
}
