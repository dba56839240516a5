/**
 * The landing page's figures, each a plain fact of the product taken from the definitions the
 * service itself runs on (so none can drift from what it does): the legislation types it
 * follows, the official sources it reads, the channels it alerts by and the trial's length.
 */
import { LEGISLATION_TYPES } from '#shared/legislation';
import { TRIAL_DAYS } from '#shared/tiers';

/** The official sources the monitoring reads (the Data sources section lists them). */
export const LANDING_SOURCES = [
  { key: 'parliament', url: 'https://bills.parliament.uk' },
  { key: 'legislation', url: 'https://www.legislation.gov.uk' },
  { key: 'scottish', url: 'https://www.parliament.scot' },
  { key: 'govuk', url: 'https://www.gov.uk' },
] as const;

/**
 * In-app, email, SMS and browser push, and each kind of webhook (Slack, Microsoft Teams and a
 * program's signed webhook; spelled out so the landing page loads no more: facts.test.ts holds
 * them to WEBHOOK_KINDS).
 */
export const ALERT_CHANNELS = ['in-app', 'email', 'sms', 'push', 'slack', 'teams', 'generic'] as const;

export const LANDING_FACTS = {
  types: LEGISLATION_TYPES.length,
  sources: LANDING_SOURCES.length,
  channels: ALERT_CHANNELS.length,
  trialDays: TRIAL_DAYS,
} as const;
