import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpServer, type SmtpCaptureServer } from '#test/support/smtp-server';

function pooledTransport(port: number, auth?: { user: string; pass: string }) {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    ...(auth ? { auth } : {}),
  });
}

describe('startSmtpServer', () => {
  let smtp: SmtpCaptureServer;
  let transport: ReturnType<typeof pooledTransport>;

  beforeEach(async () => {
    smtp = await startSmtpServer();
    transport = pooledTransport(smtp.port);
  });

  afterEach(async () => {
    transport.close();
    await smtp.close();
  });

  it('captures a multipart message with headers, envelope and both bodies', async () => {
    const info = await transport.sendMail({
      from: 'Lexwatch <alerts@lexwatch.test>',
      to: 'Ada <ada@example.test>',
      bcc: 'audit@example.test',
      subject: 'New change: Employment Rights Bill — Lords stage',
      text: 'A bill you follow moved to the Lords.',
      html: '<p>A bill you follow moved to the <strong>Lords</strong>.</p>',
      headers: {
        'List-Unsubscribe':
          '<https://lexwatch.test/u/abc123>, <mailto:unsubscribe@lexwatch.test?subject=abc123>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });

    expect(info.response).toMatch(/^250/);
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.from).toBe('alerts@lexwatch.test');
    expect(mail.envelope).toEqual({
      from: 'alerts@lexwatch.test',
      to: ['ada@example.test', 'audit@example.test'],
    });
    expect(mail.to).toEqual(['ada@example.test', 'audit@example.test']);
    expect(mail.headerTo).toEqual(['ada@example.test']);
    expect(mail.subject).toBe('New change: Employment Rights Bill — Lords stage');
    expect(mail.text.trim()).toBe('A bill you follow moved to the Lords.');
    expect(mail.html).toContain('<strong>Lords</strong>');
    expect(mail.headers['list-unsubscribe']).toBe(
      '<https://lexwatch.test/u/abc123>, <mailto:unsubscribe@lexwatch.test?subject=abc123>',
    );
    expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(mail.messageId).toBe(info.messageId);
    expect(mail.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.authUser).toBeNull();
  });

  it('accepts any credentials and records the username', async () => {
    const authed = pooledTransport(smtp.port, { user: 'mailer', pass: 'whatever' });
    try {
      await authed.sendMail({ from: 'a@lexwatch.test', to: 'b@example.test', subject: 'auth', text: 'x' });
    } finally {
      authed.close();
    }
    expect(smtp.messages[0]!.authUser).toBe('mailer');
  });

  it('waitForMessage resolves for a message sent later and for one already received', async () => {
    const waiting = smtp.waitForMessage((m) => m.subject === 'second', 3000);
    await transport.sendMail({ from: 'a@lexwatch.test', to: 'b@example.test', subject: 'first', text: '1' });
    await transport.sendMail({ from: 'a@lexwatch.test', to: 'b@example.test', subject: 'second', text: '2' });

    await expect(waiting).resolves.toMatchObject({ subject: 'second', seq: 2 });
    await expect(smtp.waitForMessage((m) => m.subject === 'first', 10)).resolves.toMatchObject({ seq: 1 });
    await expect(smtp.waitForCount(2, 10)).resolves.toHaveLength(2);
  });

  it('waitForMessage rejects after the timeout, listing what arrived', async () => {
    await transport.sendMail({
      from: 'a@lexwatch.test',
      to: 'b@example.test',
      subject: 'only one',
      text: '1',
    });
    await expect(smtp.waitForMessage((m) => m.subject === 'never', 50)).rejects.toThrow(/"only one"/);
  });

  it('clear() forgets captured messages', async () => {
    await transport.sendMail({ from: 'a@lexwatch.test', to: 'b@example.test', subject: 's', text: 't' });
    smtp.clear();
    expect(smtp.messages).toHaveLength(0);
  });

  it('pooled sends are fast', async () => {
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        transport.sendMail({
          from: 'a@lexwatch.test',
          to: `u${i}@example.test`,
          subject: `n${i}`,
          text: 'x',
        }),
      ),
    );
    expect(smtp.messages).toHaveLength(20);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('stop() refuses mail and restart() accepts it again on the same port', async () => {
    await transport.sendMail({ from: 'a@lexwatch.test', to: 'b@example.test', subject: 'before', text: '1' });
    const port = smtp.port;

    await smtp.stop();
    expect(smtp.running).toBe(false);
    await expect(
      transport.sendMail({ from: 'a@lexwatch.test', to: 'b@example.test', subject: 'during', text: '2' }),
    ).rejects.toThrow();

    await smtp.restart();
    expect(smtp.running).toBe(true);
    expect(smtp.port).toBe(port);
    await transport.sendMail({ from: 'a@lexwatch.test', to: 'b@example.test', subject: 'after', text: '3' });

    expect(smtp.messages.map((m) => m.subject)).toEqual(['before', 'after']);
  });

  it('a message retried after an outage is delivered once the server is back', async () => {
    await smtp.stop();
    const send = () =>
      transport.sendMail({ from: 'a@lexwatch.test', to: 'b@example.test', subject: 'queued', text: 'q' });
    await expect(send()).rejects.toThrow();

    const delivered = smtp.waitForMessage((m) => m.subject === 'queued', 3000);
    await smtp.restart();
    await send();

    await expect(delivered).resolves.toMatchObject({ subject: 'queued' });
  });

  it('failNext answers DATA with a temporary error, then accepts', async () => {
    smtp.failNext(1, 451);
    const mail = { from: 'a@lexwatch.test', to: 'b@example.test', subject: 'retry me', text: 'x' };

    await expect(transport.sendMail(mail)).rejects.toMatchObject({ responseCode: 451 });
    await transport.sendMail(mail);

    expect(smtp.messages.map((m) => m.subject)).toEqual(['retry me']);
  });

  it('rejectRecipient bounces one address with 550 and delivers to the others', async () => {
    smtp.rejectRecipient('gone@example.test');

    await expect(
      transport.sendMail({ from: 'a@lexwatch.test', to: 'gone@example.test', subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    const info = await transport.sendMail({
      from: 'a@lexwatch.test',
      to: ['gone@example.test', 'ok@example.test'],
      subject: 'partial',
      text: 'x',
    });

    expect(info.rejected).toEqual(['gone@example.test']);
    expect(smtp.messages[0]!.to).toEqual(['ok@example.test']);
  });

  it('close() ends open pooled connections promptly', async () => {
    await transport.sendMail({ from: 'a@lexwatch.test', to: 'b@example.test', subject: 's', text: 't' });
    const started = Date.now();
    await smtp.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(smtp.running).toBe(false);
  });
});
