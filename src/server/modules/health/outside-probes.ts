/**
 * Probes of the outside services, each one cheap call with the configured credentials through
 * the service's own protocol: an SMTP connection (greeting, EHLO, STARTTLS and sign-in when the
 * URL asks for them), the SMS account's record, the AI provider's model list, the Stripe balance.
 * A probe never throws: it answers a state and a detail without secrets.
 */
import nodemailer from 'nodemailer';
import { paymentsMode, type Config } from '#server/config/config';
import type { ComponentState } from '#shared/schemas/admin';

export interface ProbeResult {
  state: ComponentState;
  detail: string;
}

const TIMEOUT_MS = 5_000;

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return 'the configured address';
  }
};

const failure = (error: unknown) => {
  const e = error as { name?: string; code?: string; message?: string };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `no answer within ${TIMEOUT_MS / 1000} s`;
  const code = e.code ?? (e as { cause?: { code?: string } }).cause?.code;
  return code ? `cannot connect (${code})` : 'cannot connect';
};

/** GET with credentials; healthy on 2xx, down otherwise (a refused key says so). */
async function authenticatedGet(
  url: string,
  headers: Record<string, string>,
  what: string,
): Promise<ProbeResult> {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    await response.arrayBuffer().catch(() => undefined);
    const ms = Math.round(performance.now() - started);
    if (response.ok) return { state: 'healthy', detail: `${what} answered in ${ms} ms` };
    if (response.status === 401 || response.status === 403)
      return {
        state: 'down',
        detail: `${what} refused the configured credentials (HTTP ${response.status})`,
      };
    return { state: 'down', detail: `${what} answered HTTP ${response.status}` };
  } catch (error) {
    return { state: 'down', detail: `${what}: ${failure(error)}` };
  }
}

export async function probeEmail(config: Config): Promise<ProbeResult> {
  if (!config.SMTP_URL)
    return {
      state: 'not_configured',
      detail: 'No SMTP_URL: emails are kept in the outbox (read them in Notifications)',
    };
  const host = hostOf(config.SMTP_URL.replace(/^smtps?:/, 'http:'));
  const transport = nodemailer.createTransport({
    url: config.SMTP_URL,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  const started = performance.now();
  try {
    await transport.verify();
    return {
      state: 'healthy',
      detail: `SMTP server ${host} accepted a connection in ${Math.round(performance.now() - started)} ms`,
    };
  } catch (error) {
    const e = error as { responseCode?: number; code?: string };
    const reason = e.responseCode ? `answered ${e.responseCode}` : failure(error);
    return { state: 'down', detail: `SMTP server ${host}: ${reason}` };
  } finally {
    transport.close();
  }
}

export async function probeSms(config: Config): Promise<ProbeResult> {
  const { SMS_API_URL: base, SMS_ACCOUNT_SID: sid, SMS_AUTH_TOKEN: token } = config;
  if (!base || !sid || !token)
    return { state: 'not_configured', detail: 'No SMS provider: texts are kept in the outbox' };
  const url = `${base.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(sid)}.json`;
  const authorization = `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;
  return authenticatedGet(url, { authorization, accept: 'application/json' }, `SMS API at ${hostOf(base)}`);
}

export async function probeAi(config: Config): Promise<ProbeResult> {
  if (!config.AI_BASE_URL || !config.AI_API_KEY)
    return {
      state: 'not_configured',
      detail: 'No AI provider: analysis is composed from the official records',
    };
  return authenticatedGet(
    `${config.AI_BASE_URL.replace(/\/+$/, '')}/models`,
    { authorization: `Bearer ${config.AI_API_KEY}`, accept: 'application/json' },
    `AI provider at ${hostOf(config.AI_BASE_URL)}`,
  );
}

export async function probePayments(config: Config): Promise<ProbeResult> {
  const mode = paymentsMode(config);
  if (mode === 'test')
    return {
      state: 'test_mode',
      detail: 'Test mode: plans change without payment; no card is charged',
    };
  if (mode === 'not_configured')
    return {
      state: 'not_configured',
      detail: 'No STRIPE_SECRET_KEY and BILLING_TEST_MODE off: plans cannot be bought',
    };
  const base = (config.STRIPE_API_URL ?? 'https://api.stripe.com').replace(/\/+$/, '');
  return authenticatedGet(
    `${base}/v1/balance`,
    { authorization: `Bearer ${config.STRIPE_SECRET_KEY}` },
    `Stripe at ${hostOf(base)}`,
  );
}
