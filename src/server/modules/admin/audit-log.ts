/** The administrator audit log: every change made from the console: who, what, target, when, from where. */
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '#server/db/client';
import type { AuditLogPage } from '#shared/schemas/admin';
import { auditEntries, insertAuditEntry } from './audit-log.queries';

const USER_AGENT_MAX = 512;

export async function recordAdminAction(
  db: DbOrTx,
  request: FastifyRequest,
  entry: {
    action: string;
    targetType: string;
    targetId?: string | number | null;
    details?: object;
    /** who, when the request has no administrator session yet (accepting an invite) */
    actor?: { id: number; email: string | null };
  },
): Promise<void> {
  const actor = entry.actor ?? request.admin;
  const userAgent = request.headers['user-agent'];
  await insertAuditEntry(db, {
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    details: { ...(entry.details ?? {}) },
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : null,
    adminSessionId: request.adminSessionId,
    adminId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
  });
}

export async function listAdminActions(
  db: DbOrTx,
  params: { cursor?: number; limit: number },
): Promise<AuditLogPage> {
  const limit = Math.min(params.limit, 100);
  const rows = await auditEntries(db, { cursor: params.cursor, limit: limit + 1 });
  const page = rows.slice(0, limit);
  return {
    entries: page.map((r) => ({
      id: r.id,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      details: r.details,
      actor: { id: r.adminId, email: r.actorEmail },
      ip: r.ip,
      userAgent: r.userAgent,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null,
  };
}
