export const subscriptionKeys = {
  jurisdictions: ['subscription', 'jurisdictions'] as const,
  lawAreas: ['subscription', 'law-areas'] as const,
};
