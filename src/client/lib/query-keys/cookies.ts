export const cookieKeys = {
  preferences: ['user', 'cookie-preferences'] as const,
};
