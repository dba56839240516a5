/**
 * Shared by the notification stream tests: reading the stream over real HTTP, waiting for it to
 * end, and a session's id from its token.
 */
import http from 'node:http';
import { eq } from 'drizzle-orm';
import { sessions } from '#server/db/schema';
import { hashToken } from '#server/plugins/session';
import { buildTestApp, type TestApp } from '#test/support/build-test-app';
import { createTestDatabase, type TestDatabase } from '#test/support/test-database';

export interface StreamEvent {
  id: string | null;
  event: string | null;
  data: string;
}

/**
 * Reads a text/event-stream over real HTTP, on a connection of its own (as a browser's
 * EventSource has): closing it closes that connection, and nothing is pooled between tests.
 */
export async function openStream(url: string, headers: Record<string, string>) {
  const request = http.get(url, { headers, agent: false });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
    request.once('response', resolve).once('error', reject),
  );
  const res = {
    status: response.statusCode,
    headers: { get: (name: string) => response.headers[name] ?? null },
  };
  const events: StreamEvent[] = [];
  const heartbeats: number[] = [];
  let raw = '';
  let notify = () => {};
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    raw += chunk;
    let cut: number;
    while ((cut = raw.indexOf('\n\n')) >= 0) {
      const frame = raw.slice(0, cut).split('\n');
      raw = raw.slice(cut + 2);
      const value = (name: string) =>
        frame.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? null;
      if (value('data') !== null)
        events.push({ id: value('id'), event: value('event'), data: value('data')! });
      if (frame.includes(': heartbeat')) heartbeats.push(Date.now());
      notify();
    }
  });
  let closedByTest = false;
  const ended = new Promise<'ended by the server' | 'closed by the test'>((resolve) => {
    response.once('end', () => resolve('ended by the server'));
    response.once('close', () => resolve(closedByTest ? 'closed by the test' : 'ended by the server'));
  });
  const nextEvent = (count: number, timeoutMs = 3000) =>
    new Promise<StreamEvent[]>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`only ${events.length} events after ${timeoutMs} ms`)),
        timeoutMs,
      );
      notify = () => {
        if (events.length >= count) {
          clearTimeout(timer);
          resolve(events);
        }
      };
      notify();
    });
  const close = () => {
    closedByTest = true;
    request.destroy();
  };
  return { res, events, heartbeats, nextEvent, ended, close };
}

/** Resolves with how the stream ended, or with 'still open' after `ms`. */
export const endedWithin = (stream: { ended: Promise<string> }, ms: number) =>
  Promise.race([stream.ended, new Promise<string>((resolve) => setTimeout(() => resolve('still open'), ms))]);

export const sessionIdOf = async (db: TestApp['db'], token: string) =>
  (
    await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0]!.id;

/**
 * An app on a test database of its own, listening on a loopback port; on PostgreSQL it LISTENs,
 * as a deployment with several web processes does.
 */
export async function startListeningApp(): Promise<{ database: TestDatabase; t: TestApp; base: string }> {
  const database = await createTestDatabase();
  const t = await buildTestApp({
    database,
    env: database.mode === 'postgres' ? { DATABASE_URL: database.url } : {},
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address() as { port: number };
  return { database, t, base: `http://127.0.0.1:${address.port}` };
}

export async function stopListeningApp({ database, t }: { database: TestDatabase; t: TestApp }) {
  await t.close().catch(() => {});
  await database.destroy();
}
