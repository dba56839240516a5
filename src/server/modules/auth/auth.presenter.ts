import type { CurrentUser, MemberSession } from '#shared/schemas/auth';
import type { CurrentUserRow, SessionRow } from './auth.queries';

/** GET /api/auth/user and the `user` of sign-in answers, field by field (never the password hash). */
export function presentCurrentUser(row: CurrentUserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    companyName: row.companyName,
    subscriptionTier: row.subscriptionTier,
    subscriptionStatus: row.subscriptionStatus as CurrentUser['subscriptionStatus'],
    trialEndsAt: row.trialEndsAt ? row.trialEndsAt.toISOString() : null,
    phoneNumber: row.phoneNumber,
    phoneVerified: row.phoneVerified,
    emailVerified: row.emailVerifiedAt !== null,
    emailNotificationsEnabled: row.emailNotificationsEnabled,
    smsNotificationsEnabled: row.smsNotificationsEnabled,
    emailNewsAlertsEnabled: row.emailNewsAlertsEnabled,
    smsAlertsEnabled: row.smsAlertsEnabled,
    language: row.language,
    timezone: row.timezone,
    createdAt: row.createdAt.toISOString(),
    organization:
      row.organizationId === null || row.organizationRole === null
        ? null
        : { id: row.organizationId, role: row.organizationRole },
  };
}

export function presentSession(row: SessionRow, currentSessionId: string | null): MemberSession {
  return {
    id: row.id,
    current: row.id === currentSessionId,
    keepLoggedIn: row.keepLoggedIn,
    userAgent: row.userAgent,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
