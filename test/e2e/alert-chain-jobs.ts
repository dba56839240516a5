/** The alert chain's jobs as the job queue runs them, and the bill's move upstream. */
import { matchAlertsJob } from '#server/jobs/match-alerts.job';
import { outboxSenderJob } from '#server/jobs/outbox-sender.job';
import type { JobContext } from '#server/jobs/types';
import type { RawBill } from '#test/api/sync-fixtures';
import type { E2eServer } from '#test/support/e2e-server';

/** What the job queue would hand the jobs; `send` records the follow-up jobs they ask for. */
const jobContext = (server: E2eServer, sent: string[]): JobContext => ({
  config: server.config,
  database: server.database,
  log: server.app.log,
  caches: server.app.caches,
  secrets: server.app.secrets,
  send: async (name) => {
    sent.push(name);
  },
});

/** The match-alerts job, then the outbox-sender job (which it asks for when it queued messages). */
export async function runAlertJobs(server: E2eServer) {
  const sent: string[] = [];
  const ctx = jobContext(server, sent);
  const matched = (await matchAlertsJob.run(ctx, {})) as {
    matched: { events: number; notifications: number; alertItems: number };
    delivered: { items: number; emails: number; sms: number };
  };
  const drained = (await outboxSenderJob.run(ctx, {})) as {
    sent: number;
    retried: number;
    failed: number;
    kept: number;
  };
  return { ...matched, drained, followUps: sent };
}

/** The bill as the Bills API answers once it has moved on to Committee stage. */
export function movedToCommittee(recorded: RawBill): RawBill {
  const billId = recorded.billId;
  return {
    ...recorded,
    lastUpdate: '2026-11-20T09:15:00.1234567',
    currentStage: {
      id: 12656,
      stageId: 8,
      sessionId: 35,
      description: 'Committee stage',
      abbreviation: 'CS',
      house: 'Commons',
      stageSittings: [{ id: 11600, stageId: 8, billStageId: 12656, billId, date: '2026-11-19T00:00:00' }],
      sortOrder: 3,
    },
  };
}
