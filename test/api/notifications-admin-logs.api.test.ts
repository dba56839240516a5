import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMessage } from '#server/modules/outbox/outbox';
import { ADMIN_COOKIE } from '#server/plugins/session';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { buildSession, buildSignedInUser } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';

describe.skipIf(postgresUnavailable())('GET /api/admin/notification-logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 to members and visitors', async () => {
    const member = await buildSignedInUser(t.db);
    for (const headers of [{}, member.headers]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/notification-logs', headers });
      expect(res.statusCode).toBe(401);
    }
  });

  it('lists the newest emails and texts with masked recipients', async () => {
    await enqueueMessage(t.db, {
      channel: 'email',
      kind: 'alert',
      recipient: 'jane.doe@example.com',
      subject: 'New: Harbours Bill',
      bodyText: 'x',
    });
    await enqueueMessage(t.db, {
      channel: 'sms',
      kind: 'phone_code',
      recipient: '+447911123456',
      bodyText: 'Your code is 123456.',
    });
    const token = await buildSession(t.db, 0, { kind: 'admin', userId: null });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/notification-logs',
      cookies: { [ADMIN_COOKIE]: token },
    });
    expect(res.statusCode).toBe(200);
    const [sms, email] = res.json().logs;
    expect(sms).toEqual({
      id: expect.any(Number),
      type: 'sms',
      kind: 'phone_code',
      subject: null,
      recipient: '*********456',
      status: 'queued',
      attempts: 0,
      lastError: null,
      sentAt: null,
      createdAt: expect.any(String),
    });
    expect(email).toMatchObject({
      type: 'email',
      kind: 'alert',
      subject: 'New: Harbours Bill',
      recipient: 'j***@example.com',
    });
    expect(JSON.stringify(res.json())).not.toContain('123456.');
  });
});
