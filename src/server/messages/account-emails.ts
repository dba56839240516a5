/**
 * The account emails (sign-up code, password reset and change, email change, account deletion,
 * trial notices), in the member's language through the one email layout. Security emails say
 * why they have no unsubscribe link.
 */
import { renderEmail, type Block, type RenderedEmail } from './email';
import { formatDate, t, type MessageLanguage } from './i18n';

function account(lang: MessageLanguage, name: string, subject: string, blocks: Block[]): RenderedEmail {
  return renderEmail({
    lang,
    subject,
    name,
    blocks,
    signed: true,
    footer: { note: t(lang, 'common.securityFooter') },
  });
}

const p = (text: string): Block => ({ kind: 'p', text });

export function verificationCodeEmail(
  lang: MessageLanguage,
  v: { firstName: string; code: string; minutes: number },
): RenderedEmail {
  return account(lang, v.firstName, t(lang, 'verification.subject'), [
    p(t(lang, 'verification.intro')),
    { kind: 'code', label: t(lang, 'verification.codeLabel'), code: v.code },
    p(t(lang, 'common.codeExpiry', { count: v.minutes })),
    p(t(lang, 'verification.ignore')),
  ]);
}

export function passwordResetEmail(
  lang: MessageLanguage,
  v: { firstName: string; link: string; minutes: number },
): RenderedEmail {
  return account(lang, v.firstName, t(lang, 'passwordReset.subject'), [
    p(t(lang, 'passwordReset.intro')),
    { kind: 'button', label: t(lang, 'passwordReset.button'), href: v.link },
    p(t(lang, 'passwordReset.expiry', { count: v.minutes })),
    p(t(lang, 'passwordReset.ignore')),
  ]);
}

export function registrationAttemptEmail(
  lang: MessageLanguage,
  v: { firstName: string; signInLink: string },
): RenderedEmail {
  return account(lang, v.firstName, t(lang, 'registrationAttempt.subject'), [
    p(t(lang, 'registrationAttempt.intro')),
    p(t(lang, 'registrationAttempt.ifYou')),
    { kind: 'button', label: t(lang, 'registrationAttempt.signIn'), href: v.signInLink },
    p(t(lang, 'registrationAttempt.ifNotYou')),
  ]);
}

export function passwordChangedEmail(
  lang: MessageLanguage,
  v: { firstName: string; resetLink: string },
): RenderedEmail {
  return account(lang, v.firstName, t(lang, 'passwordChanged.subject'), [
    p(t(lang, 'passwordChanged.intro')),
    p(t(lang, 'passwordChanged.sessions')),
    p(t(lang, 'passwordChanged.ifNotYou', { link: v.resetLink })),
  ]);
}

export function emailChangeCodeEmail(
  lang: MessageLanguage,
  v: { firstName: string; newEmail: string; code: string; minutes: number },
): RenderedEmail {
  return account(lang, v.firstName, t(lang, 'emailChangeCode.subject'), [
    p(t(lang, 'emailChangeCode.intro', { email: v.newEmail })),
    { kind: 'code', label: t(lang, 'emailChangeCode.codeLabel'), code: v.code },
    p(t(lang, 'common.codeExpiry', { count: v.minutes })),
    p(t(lang, 'emailChangeCode.ignore')),
  ]);
}

export function emailChangedEmail(
  lang: MessageLanguage,
  v: { firstName: string; newEmail: string; resetLink: string },
): RenderedEmail {
  return account(lang, v.firstName, t(lang, 'emailChanged.subject'), [
    p(t(lang, 'emailChanged.intro', { email: v.newEmail })),
    p(t(lang, 'emailChanged.ifNotYou', { link: v.resetLink })),
  ]);
}

export function accountDeletedEmail(lang: MessageLanguage, v: { firstName: string }): RenderedEmail {
  return account(lang, v.firstName, t(lang, 'accountDeleted.subject'), [
    p(t(lang, 'accountDeleted.intro')),
    p(t(lang, 'accountDeleted.kept')),
    p(t(lang, 'accountDeleted.goodbye')),
  ]);
}

/** `endsAt` is shown as a date on the member's calendar (their time zone, else London). */
export function trialEndingEmail(
  lang: MessageLanguage,
  v: { firstName: string; endsAt: Date; timeZone?: string | null; link: string },
): RenderedEmail {
  const date = formatDate(lang, v.endsAt, { timeZone: v.timeZone });
  return account(lang, v.firstName, t(lang, 'trialEnding.subject', { date }), [
    p(t(lang, 'trialEnding.intro', { date })),
    p(t(lang, 'trialEnding.keep')),
    { kind: 'button', label: t(lang, 'trialEnding.button'), href: v.link },
  ]);
}

export function trialExpiredEmail(
  lang: MessageLanguage,
  v: { firstName: string; link: string },
): RenderedEmail {
  return account(lang, v.firstName, t(lang, 'trialExpired.subject'), [
    p(t(lang, 'trialExpired.intro')),
    p(t(lang, 'trialExpired.keep')),
    { kind: 'button', label: t(lang, 'trialExpired.button'), href: v.link },
  ]);
}
