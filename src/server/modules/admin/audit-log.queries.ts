/** The administrator audit log (`admin_audit_log`). */
import { desc, lt } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { adminAuditLog } from '#server/db/schema';

export async function insertAuditEntry(
  db: DbOrTx,
  entry: {
    action: string;
    targetType: string;
    targetId: string | null;
    details: Record<string, unknown>;
    ip: string;
    userAgent: string | null;
    adminSessionId: string | null | undefined;
    adminId: number | null;
    actorEmail: string | null;
  },
): Promise<void> {
  await db.insert(adminAuditLog).values(entry);
}

/** Entries before `cursor` (an id), newest first. */
export async function auditEntries(db: DbOrTx, params: { cursor?: number; limit: number }) {
  return db
    .select({
      id: adminAuditLog.id,
      action: adminAuditLog.action,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      details: adminAuditLog.details,
      ip: adminAuditLog.ip,
      userAgent: adminAuditLog.userAgent,
      adminId: adminAuditLog.adminId,
      actorEmail: adminAuditLog.actorEmail,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .where(params.cursor ? lt(adminAuditLog.id, params.cursor) : undefined)
    .orderBy(desc(adminAuditLog.id))
    .limit(params.limit);
}
