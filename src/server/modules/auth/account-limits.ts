/** The limits of the accounts area (counted by `#server/lib/rate-limits`). */
import type { Limit } from '#server/lib/rate-limits';

const minutes = (n: number) => n * 60;

/** Every limit of the accounts area, in one place. */
export const LIMITS = {
  loginFailuresPerIp: {
    scope: 'login-ip',
    max: 30,
    windowSeconds: minutes(15),
    message: 'Too many failed sign-in attempts from this network. Please wait {wait} and try again.',
  },
  loginFailuresPerAccount: {
    scope: 'login-account',
    max: 10,
    windowSeconds: minutes(15),
    message:
      'Too many failed sign-in attempts for this account. Please wait {wait} and try again, or reset your password.',
  },
  registrationsPerIp: {
    scope: 'register-ip',
    max: 10,
    windowSeconds: minutes(60),
    message: 'Too many sign-ups from this network. Please wait {wait} and try again.',
  },
  registrationsPerEmail: {
    scope: 'register-email',
    max: 5,
    windowSeconds: minutes(60),
    message: 'Too many sign-ups for this email address. Please wait {wait} and try again.',
  },
  codeAttemptsPerIp: {
    scope: 'code-ip',
    max: 30,
    windowSeconds: minutes(15),
    message: 'Too many verification attempts. Please wait {wait} and try again.',
  },
  codeResendsPerIp: {
    scope: 'resend-ip',
    max: 20,
    windowSeconds: minutes(60),
    message: 'Too many codes requested. Please wait {wait} and try again.',
  },
  resetRequestsPerIp: {
    scope: 'forgot-ip',
    max: 10,
    windowSeconds: minutes(60),
    message: 'Too many password reset requests. Please wait {wait} and try again.',
  },
  resetRequestsPerEmail: {
    scope: 'forgot-email',
    max: 3,
    windowSeconds: minutes(60),
    message: 'Too many password reset requests for this email address. Please wait {wait} and try again.',
  },
  resetAttemptsPerIp: {
    scope: 'reset-ip',
    max: 20,
    windowSeconds: minutes(15),
    message: 'Too many password reset attempts. Please wait {wait} and try again.',
  },
  adminLoginFailuresPerIp: {
    scope: 'admin-login-ip',
    max: 5,
    windowSeconds: minutes(15),
    message: 'Too many failed administrator sign-in attempts. Please wait {wait} and try again.',
  },
  adminLoginFailures: {
    scope: 'admin-login',
    max: 50,
    windowSeconds: minutes(60),
    message:
      'Administrator sign-in is paused after too many failed attempts. Please wait {wait} and try again.',
  },
} satisfies Record<string, Limit>;
