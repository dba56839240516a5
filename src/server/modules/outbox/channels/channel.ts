/**
 * One delivery channel of the outbox sender: how its due messages are claimed, why a claimed one
 * must not go out, how it is handed to the provider, and what follows a send.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config/config';
import type { DbOrTx } from '#server/db/client';
import type { OutboxChannelName, OutboxRow } from '../outbox.queries';

export type SenderLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Rows claimed in a round; `held` and `anotherRound` are the SMS budget's to say. */
export interface ClaimedBatch {
  rows: OutboxRow[];
  /** due messages left queued by the day's SMS budget */
  held?: number;
  /** a message was just queued that the next round should send (the budget alert) */
  anotherRound?: boolean;
}

/** The provider's name and its id of the message. */
export interface Delivery {
  provider: string;
  id: string;
}

export interface OutboxChannel {
  name: OutboxChannelName;
  claim(now: Date, limit: number): Promise<ClaimedBatch>;
  /** why a claimed message must be marked failed without a provider call, or null */
  refusal?(row: OutboxRow, now: Date): string | null;
  send(row: OutboxRow): Promise<Delivery>;
  /** after the send: `error` is null on success, else the recorded error (and what was thrown) */
  settle?(row: OutboxRow, error: string | null, thrown?: unknown): Promise<void>;
  close?(): void;
}

/** What every channel is made with. */
export interface ChannelContext {
  config: Config;
  db: DbOrTx;
  log: SenderLog;
  /** claims due rows of a channel with the sender's lease */
  claimDue(q: DbOrTx, channel: OutboxChannelName, now: Date, limit: number): Promise<OutboxRow[]>;
  /** asks for one more drain after this one (a message was just queued) */
  drainAgain(): void;
}
