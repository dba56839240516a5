/**
 * The board pack for a chosen period: changes to watched items in it with their assessments and
 * owners, open actions and upcoming deadlines; as CSV (one row per item changed) and as PDF.
 */
import { OPEN_ACTION_STATUSES } from '#shared/orgs';
import { DAY_MS } from '#shared/time';
import { roleOrNotFound, type OrgContext } from './access';
import { orgById } from './orgs.queries';
import { renderReportPdf, type ReportData } from './report-pdf';
import { changedInPeriod, openActions } from './team-list.queries';
import { horizonEvents, isoDay } from './team-list.service';

const ROWS = 5000;

async function reportData(
  ctx: OrgContext,
  userId: number,
  orgId: number,
  query: { from?: string; to?: string },
): Promise<ReportData> {
  await roleOrNotFound(ctx.db, orgId, userId);
  const to = query.to ?? isoDay(0);
  const from = query.from ?? isoDay(-30, Date.parse(`${to}T00:00:00Z`));
  const org = (await orgById(ctx.db, { orgId }))!;
  const before = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  const [changed, actions, deadlines] = await Promise.all([
    changedInPeriod(ctx.db, { orgId, from: new Date(`${from}T00:00:00Z`), before, limit: ROWS }),
    openActions(ctx.db, { orgId, statuses: OPEN_ACTION_STATUSES, limit: ROWS }),
    horizonEvents(ctx, orgId, isoDay(0), isoDay(90)),
  ]);
  return { orgName: org.name, from, to, generatedAt: new Date().toISOString(), changed, actions, deadlines };
}

/** One CSV cell (RFC 4180 quoting); a leading =, +, - or @ is escaped so spreadsheets do not run it. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_HEADER = ['Title', 'Type', 'Last change', 'Status', 'Relevance', 'Owner', 'Due date'];

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : '');

export async function reportCsv(
  ctx: OrgContext,
  userId: number,
  orgId: number,
  query: { from?: string; to?: string },
) {
  const data = await reportData(ctx, userId, orgId, query);
  const lines = [
    CSV_HEADER,
    ...data.changed.map((r) => [
      r.title,
      r.legislationType,
      iso(r.lastChangeAt),
      r.status,
      r.relevance ?? '',
      r.owner ?? '',
      r.dueDate ?? '',
    ]),
  ];
  return {
    body: `${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`,
    filename: `board-pack-${data.from}-to-${data.to}.csv`,
  };
}

export async function reportPdf(
  ctx: OrgContext,
  userId: number,
  orgId: number,
  query: { from?: string; to?: string },
) {
  const data = await reportData(ctx, userId, orgId, query);
  return { body: await renderReportPdf(data), filename: `board-pack-${data.from}-to-${data.to}.pdf` };
}
