export const preferencesKeys = {
  searchTerms: ['user', 'search-terms'] as const,
  alertPreferences: ['user', 'alert-preferences'] as const,
  webhooks: ['user', 'webhooks'] as const,
  deliveries: ['user', 'deliveries'] as const,
  feeds: ['preferences', 'feeds'] as const,
};
