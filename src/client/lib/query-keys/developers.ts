export const developerKeys = {
  apiKeys: ['developers', 'api-keys'] as const,
};
