/**
 * Comments on a watched item. `@email` mentions a member of the organisation: they get an in-app
 * notification and an email, in their own language. Authors delete their own; admins any.
 */
import { notFound, forbidden } from '#server/http/errors';
import { pickLanguage } from '#server/messages/i18n';
import { mentionEmail, mentionNotice } from '#server/messages/team-emails';
import { notifyAtCommit } from '#server/modules/notifications/notifier';
import { enqueueMessages } from '#server/modules/outbox/outbox';
import type { SessionUser } from '#server/plugins/session-user';
import { CAN, requireRole, roleOrNotFound, type OrgContext } from './access';
import { insertMentionNotifications } from './mentions.queries';
import { membersOf, recordActivity } from './orgs.queries';
import { commentById, commentsOf, deleteComment, insertComment, itemExists, isWatched } from './team.queries';
import { notWatched } from './watchlist.service';

const MENTION = /(?<![\w.+-])@([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;
const COMMENTS_SHOWN = 500;
const EXCERPT = 280;

/** The addresses a comment mentions, lower-cased, each once. */
export const mentionedEmails = (body: string) => [
  ...new Set([...body.matchAll(MENTION)].map((m) => m[1]!.toLowerCase())),
];

const excerptOf = (body: string) => (body.length > EXCERPT ? `${body.slice(0, EXCERPT - 1)}…` : body);

async function watchedOrNotFound(ctx: OrgContext, orgId: number, legalChangeId: number) {
  if (!(await isWatched(ctx.db, { orgId, legalChangeId }))) throw notWatched();
}

export async function listComments(ctx: OrgContext, userId: number, orgId: number, legalChangeId: number) {
  await roleOrNotFound(ctx.db, orgId, userId);
  await watchedOrNotFound(ctx, orgId, legalChangeId);
  const [rows, members] = await Promise.all([
    commentsOf(ctx.db, { orgId, legalChangeId, limit: COMMENTS_SHOWN }),
    membersOf(ctx.db, { orgId }),
  ]);
  const byEmail = new Map(members.map((m) => [m.email.toLowerCase(), m.userId]));
  return {
    comments: rows.map((r) => ({
      id: r.id,
      body: r.body,
      author: { userId: r.userId, email: r.email },
      mentions: mentionedEmails(r.body).flatMap((e) => (byEmail.has(e) ? [byEmail.get(e)!] : [])),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

export async function addComment(
  ctx: OrgContext,
  user: SessionUser,
  orgId: number,
  legalChangeId: number,
  body: string,
) {
  await requireRole(ctx.db, orgId, user.id, 'comment');
  await watchedOrNotFound(ctx, orgId, legalChangeId);
  const item = (await itemExists(ctx.db, { legalChangeId }))!;
  const members = await membersOf(ctx.db, { orgId });
  const emails = new Set(mentionedEmails(body));
  const mentioned = members.filter((m) => emails.has(m.email.toLowerCase()) && m.userId !== user.id);
  const author = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const excerpt = excerptOf(body);
  const { comment, maxId } = await ctx.db.transaction(async (tx) => {
    const comment = await insertComment(tx, { orgId, legalChangeId, authorUserId: user.id, body });
    const maxId = await insertMentionNotifications(
      tx,
      mentioned.map((m) => ({
        userId: m.userId,
        legalChangeId,
        dedupeKey: `mention:${comment.id}:${m.userId}`,
        ...mentionNotice(pickLanguage(m.language), author, item.title, excerpt),
      })),
    );
    await enqueueMessages(
      tx,
      mentioned.map((m) => {
        const mail = mentionEmail({
          lang: pickLanguage(m.language),
          appUrl: ctx.config.appUrl,
          firstName: m.firstName,
          author,
          itemTitle: item.title,
          legalChangeId,
          excerpt,
        });
        return {
          channel: 'email' as const,
          kind: 'team_mention',
          recipient: m.email,
          subject: mail.subject,
          bodyText: mail.text,
          bodyHtml: mail.html,
          userId: m.userId,
          legalChangeId,
          dedupeKey: `mention:${comment.id}:${m.userId}:email`,
        };
      }),
    );
    await recordActivity(tx, {
      orgId,
      actorUserId: user.id,
      action: 'comment_added',
      legalChangeId,
      details: { commentId: comment.id, mentions: mentioned.map((m) => m.userId) },
    });
    if (maxId !== null && ctx.notifyPostgres) await notifyAtCommit(tx, maxId);
    return { comment, maxId };
  });
  if (maxId !== null) ctx.notifier.published(maxId);
  if (mentioned.length) ctx.kickOutbox();
  return {
    id: comment.id,
    body: comment.body,
    author: { userId: user.id, email: user.email },
    mentions: mentioned.map((m) => m.userId),
    createdAt: comment.createdAt.toISOString(),
  };
}

export async function removeComment(ctx: OrgContext, userId: number, orgId: number, commentId: number) {
  const role = await roleOrNotFound(ctx.db, orgId, userId);
  const comment = await commentById(ctx.db, { orgId, commentId });
  if (!comment) throw notFound('No such comment.', 'comment_not_found');
  const mayModerate = (CAN.moderate as readonly string[]).includes(role);
  if (comment.authorUserId !== userId && !mayModerate)
    throw forbidden('Only its author or an administrator can delete a comment.', 'role_forbidden');
  if (role === 'viewer') throw forbidden('Viewers cannot change anything.', 'role_forbidden');
  await deleteComment(ctx.db, { commentId });
  await recordActivity(ctx.db, {
    orgId,
    actorUserId: userId,
    action: 'comment_deleted',
    legalChangeId: comment.legalChangeId,
    details: { commentId },
  });
}
