export const sessionKeys = {
  /** GET /api/auth/user: the signed-in member, or null. */
  user: ['auth', 'user'] as const,
};
