/**
 * Helpers of the compliance team API tests: calls as a member, joining an organisation through
 * the invitation email (read from the loopback SMTP server), a team with one member per role,
 * and reading a PDF's text back with pdf.js.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect } from 'vitest';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildLegalChange, buildSignedInUser } from '#test/support/factories';
import { rememberSecret } from '#test/support/log-capture';
import { startSmtpServer, type SmtpCaptureServer } from '#test/support/smtp-server';
import { settle } from './auth-helpers';

export type Member = Awaited<ReturnType<typeof buildSignedInUser>>;
export const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The text of each page. */
export async function pdfText(data: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(data), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages;
}

/** Calls the app as a member (or signed out), then waits for the outbox. */
export const caller =
  (t: TestApp) => async (who: Member | null, method: string, url: string, payload?: object) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: who?.headers ?? {},
      ...(payload ? { payload } : {}),
    });
    await settle(t);
    return res;
  };

/** Invites by email, reads the link from the delivered mail and accepts it as the colleague. */
export async function joinOrg(
  t: TestApp,
  smtp: SmtpCaptureServer,
  by: { member: Member; orgId: number },
  role: string,
  colleague?: Member,
) {
  const call = caller(t);
  const who = colleague ?? (await buildSignedInUser(t.db));
  const invited = await call(by.member, 'POST', `/api/orgs/${by.orgId}/invites`, {
    email: who.user.email,
    role,
  });
  expect(invited.statusCode).toBe(201);
  const mail = await smtp.waitForMessage((m) => m.to.includes(who.user.email));
  const token = rememberSecret(/token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!);
  expect((await call(who, 'POST', '/api/orgs/invites/accept', { token })).statusCode).toBe(200);
  return who;
}

/** An app with mail, and an organisation with an owner, an admin, a member (in French) and a viewer. */
export async function startTeam(name: string) {
  const smtp = await startSmtpServer();
  const t = await buildTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Lexwatch <alerts@lexwatch.test>' },
  });
  const call = caller(t);
  const premium = { subscriptionTier: 'premium', subscriptionStatus: 'active' } as const;
  const owner = await buildSignedInUser(t.db, premium);
  const orgId = (await call(owner, 'POST', '/api/orgs', { name })).json().id as number;
  const by = { member: owner, orgId };
  const admin = await joinOrg(t, smtp, by, 'admin');
  const member = await joinOrg(t, smtp, by, 'member', await buildSignedInUser(t.db, { language: 'fr' }));
  const viewer = await joinOrg(t, smtp, by, 'viewer');
  const outsider = await buildSignedInUser(t.db, premium);
  const org = (path: string) => `/api/orgs/${orgId}${path}`;
  return {
    t,
    smtp,
    call,
    orgId,
    org,
    owner,
    admin,
    member,
    viewer,
    outsider,
    /** an item the admin put on the watchlist */
    async watched(overrides: Parameters<typeof buildLegalChange>[1] = {}) {
      const item = await buildLegalChange(t.db, overrides);
      expect((await call(admin, 'POST', org('/watchlist'), { legalChangeId: item.id })).statusCode).toBe(201);
      return item;
    },
    assess: (who: Member, itemId: number, body: object) =>
      call(who, 'PUT', org(`/items/${itemId}/assessment`), body),
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}
