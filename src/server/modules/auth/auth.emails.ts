/** Queues the account emails in the outbox (text + HTML, in the member's language). */
import type { DbOrTx } from '#server/db/client';
import { enqueueMessage } from '#server/modules/outbox/outbox';
import {
  accountDeletedEmail,
  emailChangeCodeEmail,
  emailChangedEmail,
  passwordChangedEmail,
  passwordResetEmail,
  registrationAttemptEmail,
  verificationCodeEmail,
} from '#server/messages/account-emails';
import type { RenderedEmail } from '#server/messages/email';
import { pickLanguage } from '#server/messages/i18n';
import { CODE_TTL_MS, RESET_TOKEN_TTL_MS } from './codes';

export interface Recipient {
  email: string;
  firstName: string;
  userId?: number | null;
  /**
   * the member's stored language first; before an account exists, the sign-up form's language
   * field, then the request's Accept-Language
   */
  languages: (string | null | undefined)[];
}

function queue(db: DbOrTx, kind: string, to: Recipient, email: RenderedEmail) {
  return enqueueMessage(db, {
    channel: 'email',
    kind,
    recipient: to.email,
    subject: email.subject,
    bodyText: email.text,
    bodyHtml: email.html,
    userId: to.userId ?? null,
  });
}

const lang = (to: Recipient) => pickLanguage(...to.languages);

export const queueVerificationCode = (db: DbOrTx, to: Recipient, code: string) =>
  queue(
    db,
    'verification',
    to,
    verificationCodeEmail(lang(to), { firstName: to.firstName, code, minutes: CODE_TTL_MS / 60_000 }),
  );

export const queueRegistrationAttempt = (db: DbOrTx, to: Recipient, appUrl: string) =>
  queue(
    db,
    'registration_attempt',
    to,
    registrationAttemptEmail(lang(to), {
      firstName: to.firstName,
      signInLink: `${appUrl}/auth?action=signin`,
    }),
  );

export const resetLink = (appUrl: string, token: string) =>
  `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;

export const queuePasswordReset = (db: DbOrTx, to: Recipient, link: string) =>
  queue(
    db,
    'password_reset',
    to,
    passwordResetEmail(lang(to), { firstName: to.firstName, link, minutes: RESET_TOKEN_TTL_MS / 60_000 }),
  );

export const queuePasswordChanged = (db: DbOrTx, to: Recipient, appUrl: string) =>
  queue(
    db,
    'password_changed',
    to,
    passwordChangedEmail(lang(to), { firstName: to.firstName, resetLink: `${appUrl}/auth` }),
  );

export const queueEmailChangeCode = (db: DbOrTx, to: Recipient, code: string) =>
  queue(
    db,
    'verification',
    to,
    emailChangeCodeEmail(lang(to), {
      firstName: to.firstName,
      newEmail: to.email,
      code,
      minutes: CODE_TTL_MS / 60_000,
    }),
  );

export const queueEmailChanging = (db: DbOrTx, to: Recipient, newEmail: string, appUrl: string) =>
  queue(
    db,
    'email_changed',
    to,
    emailChangedEmail(lang(to), { firstName: to.firstName, newEmail, resetLink: `${appUrl}/auth` }),
  );

export const queueAccountDeleted = (db: DbOrTx, to: Recipient) =>
  queue(db, 'account_deleted', to, accountDeletedEmail(lang(to), { firstName: to.firstName }));
