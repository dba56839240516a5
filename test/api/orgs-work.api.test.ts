/**
 * Compliance teams at work: watchlist, assessments (history; reopened by a change through the
 * real matcher), @mentions (mail from the loopback SMTP server), the team list, the horizon and
 * its calendar (node-ical), the activity log and the board pack (the PDF read back by pdf.js).
 */
import { and, eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertPreferences, changeEvents, legalChangeEffects, notifications } from '#server/db/schema';
import { matchAlerts } from '#server/modules/alerts/matcher';
import { buildLegalChange } from '#test/support/factories';
import { postgresUnavailable } from '#test/support/test-database';
import { inDays, pdfText, startTeam, type Member } from './orgs-setup';

describe.skipIf(postgresUnavailable())('a compliance team working its watchlist', () => {
  let team: Awaited<ReturnType<typeof startTeam>>;
  let owner: Member, admin: Member, member: Member, viewer: Member, outsider: Member;
  beforeAll(async () => {
    team = await startTeam('Quayside Legal & Co');
    ({ owner, admin, member, viewer, outsider } = team);
  });
  afterAll(() => team.close());

  const call = (...args: Parameters<typeof team.call>) => team.call(...args);
  const org = (path: string) => team.org(path);
  const watched = (overrides: Parameters<typeof team.watched>[0] = {}) => team.watched(overrides);
  const assess = (who: Member, itemId: number, body: object) => team.assess(who, itemId, body);

  it('keeps a shared watchlist that owners and admins change, members read, outsiders never see', async () => {
    const item = await buildLegalChange(team.t.db, { title: 'Harbour Dues Bill' });
    expect((await call(member, 'POST', org('/watchlist'), { legalChangeId: item.id })).statusCode).toBe(403);
    expect((await call(viewer, 'POST', org('/watchlist'), { legalChangeId: item.id })).statusCode).toBe(403);
    expect((await call(admin, 'POST', org('/watchlist'), { legalChangeId: 99999999 })).statusCode).toBe(404);
    expect((await call(admin, 'POST', org('/watchlist'), { legalChangeId: 'x' })).statusCode).toBe(400);
    expect((await call(admin, 'POST', org('/watchlist'), { legalChangeId: item.id })).statusCode).toBe(201);
    const list = (await call(viewer, 'GET', org('/watchlist'))).json();
    expect(list.items).toContainEqual(
      expect.objectContaining({ legalChangeId: item.id, title: 'Harbour Dues Bill' }),
    );
    expect((await call(outsider, 'GET', org('/watchlist'))).statusCode).toBe(404);
    expect((await call(outsider, 'GET', org(`/items/${item.id}/assessment`))).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', org(`/watchlist/${item.id}`))).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', org(`/watchlist/${item.id}`))).statusCode).toBe(404);
  });

  it('keeps every change of an assessment with who and when; viewers cannot write; owners must be members', async () => {
    const item = await watched();
    const fresh = (await call(viewer, 'GET', org(`/items/${item.id}/assessment`))).json();
    expect(fresh).toMatchObject({ status: 'new', relevance: null, ownerUserId: null, history: [] });
    expect((await assess(viewer, item.id, { status: 'assessing' })).statusCode).toBe(403);
    const notMember = await assess(member, item.id, { ownerUserId: outsider.user.id });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().error.code).toBe('owner_not_member');
    for (const bad of [
      {},
      { status: 'maybe' },
      { dueDate: '2026-02-30' },
      { relevance: 'huge' },
      { colour: 'red' },
    ])
      expect((await assess(member, item.id, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    await assess(member, item.id, { status: 'assessing', relevance: 'high' });
    const updated = await assess(admin, item.id, {
      status: 'action_required',
      ownerUserId: member.user.id,
      dueDate: inDays(10),
      impactNote: 'Update the port fees policy.',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      status: 'action_required',
      relevance: 'high',
      ownerUserId: member.user.id,
      dueDate: inDays(10),
      impactNote: 'Update the port fees policy.',
    });
    expect(updated.json().history).toEqual([
      {
        at: expect.any(String),
        by: { userId: admin.user.id, email: admin.user.email },
        changes: {
          status: ['assessing', 'action_required'],
          ownerUserId: [null, member.user.id],
          dueDate: [null, inDays(10)],
          impactNote: [null, 'Update the port fees policy.'],
        },
        reason: null,
      },
      {
        at: expect.any(String),
        by: { userId: member.user.id, email: member.user.email },
        changes: { status: ['new', 'assessing'], relevance: [null, 'high'] },
        reason: null,
      },
    ]);
  });

  it('reopens a Done item when it changes again, saying why, and alerts its owner whatever their alert types', async () => {
    const item = await watched({ title: 'Pilotage Fees Order' });
    await assess(admin, item.id, { status: 'done', ownerUserId: member.user.id });
    await team.t.db
      .insert(alertPreferences)
      .values({ userId: member.user.id, stageChangeAlerts: false })
      .onConflictDoUpdate({ target: alertPreferences.userId, set: { stageChangeAlerts: false } });
    await team.t.db.insert(changeEvents).values({
      legalChangeId: item.id,
      kind: 'stage_changed',
      before: { stage: '1st reading' },
      after: { stage: '2nd reading' },
    });
    await matchAlerts(team.t.db, { notifyPostgres: team.t.database.mode === 'postgres' });
    const assessment = (await call(viewer, 'GET', org(`/items/${item.id}/assessment`))).json();
    expect(assessment.status).toBe('assessing');
    expect(assessment.history[0]).toMatchObject({
      by: { userId: null, email: null },
      changes: { status: ['done', 'assessing'] },
      reason: expect.stringMatching(/^Reopened by a new change: /),
    });
    const alerted = await team.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.legislationId, item.id)));
    const ids = alerted.map((n) => n.userId);
    expect(ids).toContain(member.user.id);
    expect(ids).toEqual(expect.arrayContaining([owner.user.id, admin.user.id, viewer.user.id]));
    expect(ids).not.toContain(outsider.user.id);
    const log = (await call(viewer, 'GET', org('/activity'))).json();
    expect(log.entries).toContainEqual(
      expect.objectContaining({
        action: 'assessment_reopened',
        legalChangeId: item.id,
        actor: { userId: null, email: null },
      }),
    );
  });

  it('mentions a colleague by @email: an in-app notification and an email in their language', async () => {
    const item = await watched({ title: 'Berth Safety Regulations' });
    expect(
      (await call(viewer, 'POST', org(`/items/${item.id}/comments`), { body: 'Hello' })).statusCode,
    ).toBe(403);
    expect((await call(admin, 'POST', org(`/items/${item.id}/comments`), { body: '  ' })).statusCode).toBe(
      400,
    );
    const posted = await call(admin, 'POST', org(`/items/${item.id}/comments`), {
      body: `@${member.user.email} can you check section 4? cc @${outsider.user.email}`,
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json().mentions).toEqual([member.user.id]);
    const mail = await team.smtp.waitForMessage(
      (m) => m.to.includes(member.user.email) && /Berth/.test(m.subject),
    );
    expect(mail.subject).toContain('vous a mentionné');
    expect(mail.text).toContain('can you check section 4?');
    expect(mail.text).toContain(`/legal-change/${item.id}`);
    expect(team.smtp.messages.some((m) => m.to.includes(outsider.user.email))).toBe(false);
    const inApp = await team.t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, member.user.id));
    expect(inApp).toContainEqual(
      expect.objectContaining({ legislationId: item.id, title: expect.stringContaining('mentionné') }),
    );

    const list = (await call(viewer, 'GET', org(`/items/${item.id}/comments`))).json();
    expect(list.comments).toEqual([
      expect.objectContaining({ author: { userId: admin.user.id, email: admin.user.email } }),
    ]);
    const own = await call(member, 'POST', org(`/items/${item.id}/comments`), { body: 'On it.' });
    const commentId = own.json().id;
    expect((await call(viewer, 'DELETE', org(`/comments/${commentId}`))).statusCode).toBe(403);
    expect((await call(member, 'DELETE', org(`/comments/${list.comments[0].id}`))).statusCode).toBe(403);
    expect((await call(outsider, 'DELETE', org(`/comments/${commentId}`))).statusCode).toBe(404);
    expect((await call(member, 'DELETE', org(`/comments/${commentId}`))).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', org(`/comments/${list.comments[0].id}`))).statusCode).toBe(204);
  });

  it('lists the team view with the filters the dashboard offers', async () => {
    const mine = await watched({ title: 'Mooring Licences Bill' });
    const later = await watched({ title: 'Dredging Consents Order' });
    const unassessed = await watched({ title: 'Lighthouse Levies Bill' });
    await assess(owner, mine.id, {
      status: 'action_required',
      ownerUserId: member.user.id,
      dueDate: inDays(5),
    });
    await assess(owner, later.id, { status: 'in_progress', ownerUserId: admin.user.id, dueDate: inDays(60) });
    const ids = async (query: string, who: Member = member) => {
      const res = await call(who, 'GET', org(`/items${query}`));
      expect(res.statusCode, query).toBe(200);
      return res.json().data.map((d: { legalChangeId: number }) => d.legalChangeId);
    };
    expect(await ids('?assigned=me')).toContain(mine.id);
    expect(await ids('?assigned=me')).not.toContain(later.id);
    expect(await ids('?status=action_required')).toContain(mine.id);
    expect(await ids('?status=action_required')).not.toContain(later.id);
    expect(await ids(`?dueBefore=${inDays(30)}`)).toEqual(expect.arrayContaining([mine.id]));
    expect(await ids(`?dueBefore=${inDays(30)}`)).not.toContain(later.id);
    expect(await ids('?status=new')).toContain(unassessed.id);
    expect(await ids(`?ownerUserId=${admin.user.id}`)).toEqual([later.id]);
    await team.t.db.insert(changeEvents).values({ legalChangeId: mine.id, kind: 'new_item' });
    const rows = (await call(member, 'GET', org('/items?assigned=me'))).json().data;
    expect(rows.find((r: { legalChangeId: number }) => r.legalChangeId === mine.id)).toMatchObject({
      title: 'Mooring Licences Bill',
      lastChangeAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      assessment: { status: 'action_required', ownerUserId: member.user.id, dueDate: inDays(5) },
    });
    const page = (await call(viewer, 'GET', org('/items?limit=2&page=1'))).json();
    expect(page).toMatchObject({ page: 1, limit: 2, hasMore: true });
    for (const bad of ['?status=x', '?dueBefore=tomorrow', '?assigned=you', '?limit=500'])
      expect((await call(member, 'GET', org(`/items${bad}`))).statusCode, bad).toBe(400);
  });

  it('dates the horizon and serves it as a calendar at a secret URL that a real parser reads', async () => {
    const item = await watched({
      title: 'Quay Walls Bill',
      consultationEndDate: inDays(20),
      effectiveDate: inDays(40),
    });
    await team.t.db.insert(legalChangeEffects).values({
      legalChangeId: item.id,
      effectId: `org-horizon-${item.id}`,
      type: 'coming into force',
      inForceDate: inDays(50),
      modifiedAt: new Date(),
    });
    await assess(member, item.id, { dueDate: inDays(15) });
    const { events } = (await call(viewer, 'GET', org(`/horizon?from=${inDays(0)}&to=${inDays(90)}`))).json();
    const mine = events.filter((e: { legalChangeId: number }) => e.legalChangeId === item.id);
    expect(mine.map((e: { kind: string; date: string }) => [e.date, e.kind])).toEqual([
      [inDays(15), 'assessment_due'],
      [inDays(20), 'consultation_end'],
      [inDays(40), 'commencement'],
      [inDays(50), 'effect_in_force'],
    ]);
    expect((await call(viewer, 'GET', org(`/horizon?from=${inDays(9)}&to=${inDays(1)}`))).statusCode).toBe(
      400,
    );
    const { calendarUrl } = (await call(viewer, 'GET', org('/feeds'))).json();
    expect(calendarUrl).toMatch(/^http:\/\/localhost:5000\/feeds\/orgs\/\d+\.[\w-]{32}\/calendar\.ics$/);
    const path = new URL(calendarUrl).pathname;
    const res = await team.t.app.inject({ method: 'GET', url: path });
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const parsed = Object.values(ical.sync.parseICS(res.body)).filter(
      (c) => c?.type === 'VEVENT',
    ) as VEvent[];
    expect(parsed.map((e) => String(e.summary))).toContain('Consultation closes: Quay Walls Bill');
    expect(parsed.map((e) => String(e.summary))).toContain('Assessment due: Quay Walls Bill');
    const forged = path.replace(/\.([\w-])/, (_m, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
    expect((await team.t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await call(outsider, 'GET', org('/feeds'))).statusCode).toBe(404);
  });

  it('pages the activity log and builds the board pack as CSV and PDF for the period', async () => {
    const item = await watched({ title: 'Slipway Charges "Interim" Order' });
    await assess(admin, item.id, {
      status: 'action_required',
      relevance: 'high',
      ownerUserId: member.user.id,
      dueDate: inDays(7),
    });
    await team.t.db.insert(changeEvents).values({
      legalChangeId: item.id,
      kind: 'status_changed',
      before: { status: 'a' },
      after: { status: 'b' },
    });
    const first = (await call(viewer, 'GET', org('/activity?limit=2'))).json();
    expect(first.entries).toHaveLength(2);
    expect(first.entries[0]).toMatchObject({
      action: 'assessment_updated',
      legalChangeId: item.id,
      actor: { userId: admin.user.id },
    });
    expect(first.nextCursor).not.toBeNull();
    const next = (await call(viewer, 'GET', org(`/activity?limit=2&cursor=${first.nextCursor}`))).json();
    expect(next.entries[0].id).toBeLessThan(first.entries.at(-1).id);
    expect((await call(viewer, 'GET', org('/activity?cursor=abc'))).statusCode).toBe(400);

    const period = `?from=${inDays(-1)}&to=${inDays(0)}`;
    const csv = await call(viewer, 'GET', org(`/report.csv${period}`));
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Title,Type,Last change,Status,Relevance,Owner,Due date');
    const row = lines.find((l) => l.startsWith('"Slipway'))!;
    expect(row).toContain('"Slipway Charges ""Interim"" Order",uk_parliament_bill,');
    expect(row).toContain(`,action_required,high,${member.user.email},${inDays(7)}`);

    const pdf = await call(viewer, 'GET', org(`/report.pdf${period}`));
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const pages = await pdfText(pdf.rawPayload);
    for (const page of pages) {
      expect(page).toContain('Quayside Legal & Co');
      expect(page).toContain(`${inDays(-1)} to ${inDays(0)}`);
    }
    expect(pages.join(' ')).toContain('Slipway Charges "Interim" Order');
    expect((await call(outsider, 'GET', org(`/report.pdf${period}`))).statusCode).toBe(404);
    expect((await call(viewer, 'GET', org('/report.csv?from=2026-13-01'))).statusCode).toBe(400);
  });
});
