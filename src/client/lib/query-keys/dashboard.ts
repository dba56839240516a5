export const dashboardKeys = {
  all: ['dashboard'] as const,
  lists: () => ['dashboard', 'list'] as const,
  list: <P extends object>(params: P) => ['dashboard', 'list', 'all', params] as const,
  search: <P extends object>(q: string, params: P) => ['dashboard', 'list', 'search', q, params] as const,
  searchTerms: <P extends object>(params: P) => ['dashboard', 'list', 'search-terms', params] as const,
  followedAll: () => ['dashboard', 'list', 'followed'] as const,
  followed: (page: number) => ['dashboard', 'list', 'followed', page] as const,
  secondaryTotal: (jurisdictionId: number | null) =>
    ['dashboard', 'secondary-total', jurisdictionId] as const,
  stats: () => ['dashboard', 'stats'] as const,
  /** whether the items come from the bundled snapshot or a stale source (the banner) */
  freshness: () => ['dashboard', 'data-freshness'] as const,
  deadlines: () => ['dashboard', 'upcoming-deadlines'] as const,
  jurisdictions: () => ['dashboard', 'jurisdictions'] as const,
  /** the member's jurisdiction and law area subscriptions (dashboard, /subscription, /settings) */
  subscriptions: () => ['dashboard', 'user-subscriptions'] as const,
};
