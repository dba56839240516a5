export { MEMBER_ONLY_PATHS } from '#shared/member-paths';

/** Where a visitor on a member-only screen is sent to sign in, coming back to `path` afterwards. */
export function signInUrlFor(path: string): string {
  return `/api/login?redirect=${encodeURIComponent(path)}`;
}

/** Delay between the "logged out" toast and the sign-in redirect. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
