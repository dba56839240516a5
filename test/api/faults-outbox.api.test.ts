/**
 * Fault suite, the outbox: a worker killed with SIGKILL in the middle of a drain of many emails
 * and texts (an SMTP sink that answers each message slowly, so the kill lands while messages
 * wait for their answer; a Twilio-compatible SMS fake), then started again: every message is
 * delivered exactly once, counted at the sink and the fake and in the outbox rows. Then SMTP
 * down for a while: the emails stay queued with their failed attempts recorded, and go out once
 * when the server is back. PostgreSQL only (several processes on one database).
 *
 * What is guaranteed, and where the limit is. A message is claimed (status 'sending', with a
 * lease: OUTBOX_LEASE_SECONDS), sent, then marked 'sent' with one UPDATE. A worker killed
 * between the server's acceptance and that mark cannot tell the message went: after the lease
 * it is sent again. That is at-least-once, as in every mail or SMS system without a
 * provider-side idempotency key, and the window is a send's last round trip plus one UPDATE.
 * With SMTP the round trip includes the server's processing after the message's final dot,
 * which this sink stretches to 300 ms so the kill lands in it: the messages held at the kill
 * may arrive twice. Every copy of an email carries the same Message-ID (one per outbox row, on
 * every attempt), so the mail system and the reader's client recognise the copy; the test
 * asserts exactly that: every row delivered, a second copy only of a message held at the kill,
 * with the same Message-ID, never a third. Texts are asserted exactly once: the kill is timed
 * while no text is between the fake's acceptance and its mark.
 */
import { and, eq, like } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { outbox } from '#server/db/schema';
import { outboxSenderJob } from '#server/jobs/outbox-sender.job';
import { enqueueMessages, type OutgoingMessage } from '#server/modules/outbox/outbox';
import { outboxMessageId } from '#server/modules/outbox/outbox-sender';
import { buildLegalChange } from '#test/support/factories';
import { killHard, startSlowSmtpSink, until, type SlowSmtpSink } from '#test/support/fault-kit';
import { rememberSecret, scanLogLines } from '#test/support/log-capture';
import { startServerProcess, type ServerProcess } from '#test/support/server-process';
import { startSmsFake, type SmsFake } from '#test/support/sms-fake';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '#test/support/test-database';

const EMAILS = 40;
const TEXTS = 30;
const SMTP_PASSWORD = rememberSecret('smtp-pass-Fault-suite-7f3e');
const SMS_TOKEN = rememberSecret('sms-token-fault-suite-c0ffee42');
const countBy = <T>(items: readonly T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};

describe.runIf(inject('dbMode') === 'postgres' && !postgresUnavailable())(
  'the outbox under worker kills and an SMTP outage',
  () => {
    let database: TestDatabase;
    let sink: SlowSmtpSink;
    let sms: SmsFake;
    let boss: PgBoss;
    let env: Record<string, string>;
    const workers: ServerProcess[] = [];
    const drainNow = () => boss.send(outboxSenderJob.name, {});

    beforeAll(async () => {
      database = await createTestDatabase();
      await buildLegalChange(database.db);
      sink = await startSlowSmtpSink({ delayMs: 300 });
      sms = await startSmsFake({ accountSid: `AC${'5'.repeat(32)}`, authToken: SMS_TOKEN });
      env = {
        DATABASE_URL: database.url,
        ROLE: 'worker',
        SMTP_URL: `smtp://lexwatch:${SMTP_PASSWORD}@127.0.0.1:${sink.port}`,
        SMS_API_URL: sms.url,
        SMS_ACCOUNT_SID: sms.accountSid,
        SMS_AUTH_TOKEN: SMS_TOKEN,
        SMS_FROM: '+447700900001',
        OUTBOX_LEASE_SECONDS: '3',
        OUTBOX_RETRY_BASE_SECONDS: '1',
      };
      boss = new PgBoss({
        connectionString: database.url,
        schema: 'pgboss',
        supervise: false,
        schedule: false,
      });
      boss.on('error', () => {});
    }, 60_000);

    afterAll(async () => {
      await boss?.stop({ graceful: false, wait: true }).catch(() => {});
      for (const w of workers) await w.stop('SIGTERM');
      for (const w of workers) {
        expect(w.output()).not.toMatch(/"msg":"unhandled error"/);
        expect(scanLogLines(w.output().split('\n'))).toEqual([]);
      }
      await sink?.close();
      await sms?.close();
      await database?.destroy();
    }, 60_000);

    it('delivers every text exactly once, and every email once per Message-ID, when the worker is killed mid-drain and started again', async () => {
      const db = database.db;
      const messages: OutgoingMessage[] = [
        ...Array.from({ length: EMAILS }, (_, i) => ({
          channel: 'email' as const,
          kind: 'alert',
          recipient: `member${i}@example.com`,
          subject: `drain ${i}`,
          bodyText: `Alert ${i}`,
          dedupeKey: `fault-drain-email-${i}`,
        })),
        ...Array.from({ length: TEXTS }, (_, i) => ({
          channel: 'sms' as const,
          kind: 'alert',
          recipient: `+447700900${String(100 + i)}`,
          bodyText: `Lexwatch alert ${i}`,
          dedupeKey: `fault-drain-sms-${i}`,
        })),
      ];
      await enqueueMessages(db, messages);
      const first = await startServerProcess(env);
      workers.push(first);
      await boss.start();
      await drainNow();

      const rowsOf = (channel: 'email' | 'sms') =>
        db
          .select()
          .from(outbox)
          .where(and(eq(outbox.channel, channel), like(outbox.dedupeKey, 'fault-drain-%')));
      // the kill lands mid-drain: some emails committed, one waiting for its answer (not about to
      // get it), and no text between the fake's acceptance and its 'sent' mark
      await until(
        'a moment mid-drain to kill at',
        async () => {
          const answerIn = sink.nextAnswerInMs();
          if (sink.accepted.length < 10 || answerIn < 150 || answerIn === Infinity) return false;
          const texts = await rowsOf('sms');
          return (
            texts.every((r) => r.status !== 'sending') &&
            texts.filter((r) => r.status === 'sent').length === sms.messages.length
          );
        },
        60_000,
        10,
      );
      const committedBeforeKill = new Set(sink.accepted.map((m) => m.messageId));
      const heldAtKill = new Set(sink.heldIds());
      const killedAt = Date.now();
      await killHard(first.child);
      // in flight at the kill: held then, or whose last bytes were still on their way to the sink
      await new Promise((r) => setTimeout(r, 500));
      for (const r of sink.received)
        if (r.at <= killedAt + 500 && !committedBeforeKill.has(r.messageId)) heldAtKill.add(r.messageId);
      expect(sink.accepted.length).toBeLessThan(EMAILS);
      expect(heldAtKill.size).toBeGreaterThan(0);
      const mid = await rowsOf('email');
      expect(mid.filter((r) => r.status === 'sending').length).toBeGreaterThan(0);

      const second = await startServerProcess(env);
      workers.push(second);
      await until(
        'every message to be marked sent',
        async () => {
          const rows = [...(await rowsOf('email')), ...(await rowsOf('sms'))];
          if (rows.every((r) => r.status === 'sent')) return true;
          await drainNow(); // as the every-minute schedule would
          return false;
        },
        90_000,
        1500,
      );

      const emails = await rowsOf('email');
      const accepted = sink.accepted.filter((m) => m.subject.startsWith('drain '));
      const perId = countBy(accepted, (m) => m.messageId);
      // every row delivered, under its own Message-ID
      expect(new Set(perId.keys())).toEqual(new Set(emails.map((r) => outboxMessageId(r, 'lexwatch.local'))));
      // a second copy only of a message held at the kill, and never a third
      const copied = [...perId].filter(([, n]) => n > 1);
      for (const [id, n] of copied) {
        expect(heldAtKill.has(id), `${id} arrived ${n} times`).toBe(true);
        expect(n).toBe(2);
      }
      expect(accepted.length).toBe(EMAILS + copied.length);
      // the messages held at the kill were claimed again after their lease
      expect(emails.some((r) => r.attempts >= 2)).toBe(true);

      const texts = await rowsOf('sms');
      const perNumber = countBy(sms.messages, (m) => m.to);
      expect(sms.messages).toHaveLength(TEXTS);
      expect([...perNumber.values()].every((n) => n === 1)).toBe(true);
      expect(texts.every((r) => r.providerMessageId?.startsWith('SM'))).toBe(true);
    }, 150_000);

    it('keeps emails queued with their failures recorded while SMTP is down, then delivers each once', async () => {
      const db = database.db;
      if (!workers.some((w) => w.child.exitCode === null && w.child.signalCode === null))
        workers.push(await startServerProcess(env));
      await sink.stop();
      sink.setDelay(0);
      await enqueueMessages(
        db,
        Array.from({ length: 5 }, (_, i) => ({
          channel: 'email' as const,
          kind: 'alert',
          recipient: `outage${i}@example.com`,
          subject: `outage ${i}`,
          bodyText: `Alert ${i}`,
          dedupeKey: `fault-outage-${i}`,
        })),
      );
      const rows = () => db.select().from(outbox).where(like(outbox.dedupeKey, 'fault-outage-%'));
      await drainNow();
      const failing = await until(
        'two failed attempts of every message',
        async () => {
          const now = await rows();
          if (now.every((r) => r.attempts >= 2 && r.status === 'queued')) return now;
          await drainNow();
          return false;
        },
        60_000,
        700,
      );
      for (const row of failing) {
        expect(row.status).toBe('queued');
        expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
        expect(row.sentAt).toBeNull();
      }
      expect(sink.accepted.filter((m) => m.subject.startsWith('outage '))).toHaveLength(0);

      await sink.restart();
      await until(
        'every message to be sent',
        async () => {
          if ((await rows()).every((r) => r.status === 'sent')) return true;
          await drainNow();
          return false;
        },
        60_000,
        1000,
      );
      const delivered = sink.accepted.filter((m) => m.subject.startsWith('outage '));
      expect(delivered.map((m) => m.to).sort()).toEqual(
        Array.from({ length: 5 }, (_, i) => `outage${i}@example.com`).sort(),
      );
    }, 150_000);
  },
);
