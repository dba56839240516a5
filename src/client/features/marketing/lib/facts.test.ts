import { describe, expect, it } from 'vitest';
import { LEGAL_SOURCES } from '#shared/legal-sources';
import { OUTBOX_CHANNELS } from '#shared/outbox';
import { WEBHOOK_KINDS } from '#shared/team-chat';
import { ALERT_CHANNELS, LANDING_FACTS } from './facts';

describe('landing facts', () => {
  it('counts what the service runs on: 16 types, 4 sources, 7 alert channels, a 30-day trial', () => {
    expect(LANDING_FACTS).toEqual({ types: 16, sources: 4, channels: 7, trialDays: 30 });
  });

  it('lists the channels the service alerts by: in-app, the outbox channels, each kind of webhook', () => {
    expect(OUTBOX_CHANNELS).toEqual(['email', 'sms', 'webhook', 'push']);
    expect([...ALERT_CHANNELS].sort()).toEqual(['email', 'in-app', 'sms', 'push', ...WEBHOOK_KINDS].sort());
  });

  it('names the regions the legal sources search: the text "the UK, the EU, the United States, Canada and Australia"', () => {
    expect([...new Set(LEGAL_SOURCES.map((s) => s.region))].sort()).toEqual([
      'australia',
      'canada',
      'eu',
      'uk',
      'us',
    ]);
  });
});
