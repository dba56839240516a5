export const settingsKeys = {
  preferences: ['settings', 'legislation-preferences'] as const,
  availability: ['settings', 'global-availability'] as const,
  followedCounts: ['settings', 'followed-counts'] as const,
  sessions: ['settings', 'sessions'] as const,
};
