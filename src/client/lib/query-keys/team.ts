/** The organisation (team workspace) of the signed-in member and everything it holds. */
export const teamKeys = {
  all: ['team'] as const,
  /** the member's organisation, by member (a browser can change hands) */
  current: (userId: number) => ['team', 'current', userId] as const,
  watchlist: (orgId: number) => ['team', orgId, 'watchlist'] as const,
  assessment: (orgId: number, legalChangeId: number) => ['team', orgId, 'assessment', legalChangeId] as const,
  comments: (orgId: number, legalChangeId: number) => ['team', orgId, 'comments', legalChangeId] as const,
  items: <P extends object>(orgId: number, params: P) => ['team', orgId, 'items', params] as const,
  horizon: (orgId: number, from: string, to: string) => ['team', orgId, 'horizon', from, to] as const,
  feeds: (orgId: number) => ['team', orgId, 'feeds'] as const,
  activity: (orgId: number) => ['team', orgId, 'activity'] as const,
};
