import { z } from 'zod';
import { API_BURST_REQUESTS, API_DAILY_REQUESTS } from '#shared/api-keys';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

/** Every environment variable the service reads. All are optional. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  APP_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  APP_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(12, 'must be at least 12 characters').optional()),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Lexwatch <alerts@lexwatch.local>'),
  SMS_API_URL: optionalUrl,
  SMS_ACCOUNT_SID: optionalText,
  SMS_AUTH_TOKEN: optionalText,
  SMS_FROM: optionalText,
  /** country calling codes texts may go to, comma-separated (e.g. '44' or '44,353') */
  SMS_ALLOWED_COUNTRY_CODES: z
    .string()
    .trim()
    .default('44')
    .transform((v) => (v === '' ? ['44'] : v.split(',').map((code) => code.trim().replace(/^\+/, ''))))
    .pipe(z.array(z.string().regex(/^[1-9]\d{0,2}$/, 'must be calling codes such as 44 or 44,353'))),
  /** what texts may cost per day (London time) before sending stops until the next day */
  SMS_DAILY_BUDGET_PENCE: z.coerce.number().int().min(0).default(2000),
  SMS_UNIT_PRICE_PENCE: z.coerce.number().min(0).default(4),
  /**
   * How long a claimed outbox message is reserved for the process sending it; after that (the
   * sender died) another claims it. Must exceed the longest send (SMTP allows about 40 s).
   */
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(1).default(300),
  /** the first retry's back-off ceiling; it doubles per failed attempt, up to 30 minutes */
  OUTBOX_RETRY_BASE_SECONDS: z.coerce.number().min(0.1).default(30),
  /** who is emailed (once a day) when the SMS budget stops sending */
  SMS_BUDGET_ALERT_EMAIL: optionalText.pipe(z.email().optional()),
  /**
   * Web Push (VAPID, RFC 8292): the key pair in URL-safe base64 (`npx web-push
   * generate-vapid-keys`). Unset, a pair is generated once into DATA_DIR.
   */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /** whom push services may contact: a mailto: or https: URL (default: APP_URL when https, else MAIL_FROM) */
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/)
      .optional(),
  ),
  /**
   * FOR TESTS ONLY: hosts or IP addresses webhooks and push messages may reach although they are
   * private or loopback (and over plain http), comma-separated, e.g. '127.0.0.1'. Empty in production.
   */
  WEBHOOK_ALLOW_PRIVATE_HOSTS: z
    .string()
    .trim()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) =>
          h
            .trim()
            .toLowerCase()
            .replace(/^\[|\]$/g, ''),
        )
        .filter(Boolean),
    ),
  /**
   * The test checkout (no card, no money) when no Stripe key is set. Unset: on for the embedded
   * database (the trial install) only, so a deployment on PostgreSQL that forgot its keys offers
   * no paid plan instead of giving them away.
   */
  BILLING_TEST_MODE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v))),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: optionalUrl,
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalText,
  AI_MODEL: z.string().default('gpt-4o-mini'),
  PARLIAMENT_BILLS_API_URL: z.url().default('https://bills-api.parliament.uk/api/v1'),
  LEGISLATION_API_URL: z.url().default('https://www.legislation.gov.uk'),
  SCOTTISH_PARLIAMENT_API_URL: z.url().default('https://data.parliament.scot/api'),
  GOVUK_API_URL: z.url().default('https://www.gov.uk/api'),
  FEDERAL_REGISTER_API_URL: z.url().default('https://www.federalregister.gov/api/v1'),
  CONGRESS_API_URL: z.url().default('https://api.congress.gov/v3'),
  CONGRESS_API_KEY: optionalText,
  EURLEX_SPARQL_URL: z.url().default('https://publications.europa.eu/webapi/rdf/sparql'),
  CANADA_LAWS_URL: z.url().default('https://laws-lois.justice.gc.ca/eng/XML'),
  /** LEGISinfo, the Parliament of Canada's bills (JSON at {url}/en/bills/json) */
  CANADA_LEGISINFO_URL: z.url().default('https://www.parl.ca/legisinfo'),
  /** e.g. 45-1; the current session when empty */
  CANADA_PARLIAMENT_SESSION: optionalText.pipe(
    z
      .string()
      .regex(/^\d{2}-\d$/)
      .optional(),
  ),
  AUSTRALIA_LEGISLATION_API_URL: z.url().default('https://api.prod.legislation.gov.au/v1'),
  SYNC_ON_START: bool(true),
  /** which proxies may set X-Forwarded-For: 'loopback' (default), 'true' (any), 'false', or addresses/CIDRs */
  TRUST_PROXY: z.string().trim().default('loopback'),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /** requests a day per API key on each plan, and the burst a key may send per burst window */
  API_KEY_DAILY_LIMIT_BASIC: z.coerce.number().int().min(1).default(API_DAILY_REQUESTS.basic),
  API_KEY_DAILY_LIMIT_PREMIUM: z.coerce.number().int().min(1).default(API_DAILY_REQUESTS.premium),
  API_KEY_BURST_LIMIT: z.coerce.number().int().min(1).default(API_BURST_REQUESTS),
  API_KEY_BURST_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(1),
  /** how long signed-out visitors share list and search answers (0: every request reads the database) */
  ANONYMOUS_ANSWER_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  SYNC_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  GEOLOCATION_URL: optionalUrl,
  REVERSE_GEOCODE_URL: optionalUrl,
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  appUrl: string;
  embeddedDatabase: boolean;
  isProduction: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; a bad value stops start-up with a readable list. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const smsParts = [e.SMS_API_URL, e.SMS_ACCOUNT_SID, e.SMS_AUTH_TOKEN, e.SMS_FROM];
  if (smsParts.some(Boolean) && !smsParts.every(Boolean)) {
    problems.push('SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM: set all four or none');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither');
  }
  if (Boolean(e.AI_BASE_URL) !== Boolean(e.AI_API_KEY)) {
    problems.push('AI_BASE_URL and AI_API_KEY: set both or neither');
  }
  if (problems.length) throw new ConfigError(problems);
  return {
    ...e,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    embeddedDatabase: !e.DATABASE_URL,
    isProduction: e.NODE_ENV === 'production',
  };
}

/**
 * How plans are paid for: through Stripe when its secret key is set; else the test checkout
 * (BILLING_TEST_MODE, on by default for the embedded database only); else not at all.
 */
export type PaymentsMode = 'stripe' | 'test' | 'not_configured';

export function paymentsMode(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'BILLING_TEST_MODE' | 'embeddedDatabase'>,
): PaymentsMode {
  if (config.STRIPE_SECRET_KEY) return 'stripe';
  return (config.BILLING_TEST_MODE ?? config.embeddedDatabase) ? 'test' : 'not_configured';
}

/** What the browser may know about the configuration: an explicit allow-list. */
export function publicConfig(config: Config) {
  const payments = paymentsMode(config);
  return {
    appUrl: config.appUrl,
    paymentsMode: payments === 'stripe' ? 'live' : payments,
    stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
  };
}
