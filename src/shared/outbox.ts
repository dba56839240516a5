/** The outbox: the channels a message goes by and the states it passes through. */
export const OUTBOX_CHANNELS = ['email', 'sms', 'webhook', 'push'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed', 'kept'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
