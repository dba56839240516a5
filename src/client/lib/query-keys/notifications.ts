export const notificationKeys = {
  inApp: ['notifications', 'in-app'] as const,
};
