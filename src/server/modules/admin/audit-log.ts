/** The administrator audit log: every change made from the console, with who, when and from where. */
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '#server/db/client';
import type { AuditLogPage } from '#shared/schemas/admin';
import { auditEntries, insertAuditEntry } from './audit-log.queries';

export async function recordAdminAction(
  db: DbOrTx,
  request: FastifyRequest,
  entry: { action: string; targetType: string; targetId?: string | number | null; details?: object },
): Promise<void> {
  await insertAuditEntry(db, {
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    details: { ...(entry.details ?? {}) },
    ip: request.ip,
    adminSessionId: request.adminSessionId,
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
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null,
  };
}
