/**
 * The administrator console's reads, one queryOptions each. Every key starts with 'admin', so
 * signing out removes them all at once.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  AdminAvailability,
  AdminSearchTerms,
  AdminSystemStatsFull,
  AdminUserDetail,
  AdminUserPage,
  AuditLogPage,
  CachedArticleList,
  DatabaseStats,
  NewsCacheList,
  NotificationLogPage,
  OutboxMessage,
  Phase3Status,
  SystemHealth,
} from '#shared/schemas/admin';
import type { MonitoringLog, SyncOperationList } from '#shared/schemas/sync';
import { adminKeys } from '#client/lib/query-keys';
import { adminGet, queryString } from './admin-request';

export const SYSTEM_HEALTH_POLL_MS = 30_000;

export const systemStatsQuery = () =>
  queryOptions({
    queryKey: adminKeys.systemStats,
    queryFn: ({ signal }) => adminGet<AdminSystemStatsFull>('/api/admin/system-stats', signal),
  });

export const systemHealthQuery = () =>
  queryOptions({
    queryKey: adminKeys.systemHealth,
    queryFn: ({ signal }) => adminGet<SystemHealth>('/api/admin/system-health', signal),
    refetchInterval: SYSTEM_HEALTH_POLL_MS,
  });

export const usersQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.users(q),
    queryFn: ({ signal, pageParam }) =>
      adminGet<AdminUserPage>(`/api/admin/users${queryString({ q, cursor: pageParam })}`, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => adminGet<AdminUserDetail>(`/api/admin/users/${id}`, signal),
  });

export const auditLogQuery = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.auditLog,
    queryFn: ({ signal, pageParam }) =>
      adminGet<AuditLogPage>(`/api/admin/audit-log${queryString({ cursor: pageParam })}`, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const databaseQuery = () =>
  queryOptions({
    queryKey: adminKeys.database,
    queryFn: ({ signal }) => adminGet<DatabaseStats>('/api/admin/database-stats', signal),
  });

export interface NotificationFilters {
  channel?: string;
  status?: string;
  kind?: string;
  recipient?: string;
}

export const notificationLogsQuery = (filters: NotificationFilters) =>
  infiniteQueryOptions({
    queryKey: adminKeys.notificationLogs(filters),
    queryFn: ({ signal, pageParam }) =>
      adminGet<NotificationLogPage>(
        `/api/admin/notification-logs${queryString({ ...filters, cursor: pageParam })}`,
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const outboxMessageQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.outboxMessage(id),
    queryFn: ({ signal }) => adminGet<OutboxMessage>(`/api/admin/outbox/${id}`, signal),
  });

export const newsCacheQuery = () =>
  queryOptions({
    queryKey: adminKeys.newsCache,
    queryFn: ({ signal }) => adminGet<NewsCacheList>('/api/admin/news-cache', signal),
  });

export const newsArticlesQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.newsArticles(id),
    queryFn: ({ signal }) => adminGet<CachedArticleList>(`/api/admin/news-cache/${id}/articles`, signal),
  });

export const searchTermsQuery = () =>
  queryOptions({
    queryKey: adminKeys.searchTerms,
    queryFn: ({ signal }) => adminGet<AdminSearchTerms>('/api/admin/search-terms', signal),
  });

/** Polled every 3 s while a sync runs, so its counters move without a reload. */
export const syncCacheQuery = () =>
  queryOptions({
    queryKey: adminKeys.syncCache,
    queryFn: ({ signal }) => adminGet<SyncOperationList>('/api/admin/legislation-sync-cache', signal),
    // while an operation waits for a worker or runs, its state is read again every 3 s
    refetchInterval: (query) => {
      const summary = query.state.data?.summary;
      return summary && summary.running + summary.queued > 0 ? 3000 : false;
    },
  });

export const monitoringQuery = () =>
  queryOptions({
    queryKey: adminKeys.monitoring,
    queryFn: ({ signal }) => adminGet<MonitoringLog[]>('/api/admin/monitoring-logs', signal),
  });

export const availabilityQuery = () =>
  queryOptions({
    queryKey: adminKeys.availability,
    queryFn: ({ signal }) => adminGet<AdminAvailability>('/api/admin/legislation-availability', signal),
  });

export const phase3Query = () =>
  queryOptions({
    queryKey: adminKeys.phase3,
    queryFn: ({ signal }) => adminGet<Phase3Status>('/api/admin/phase-3-status', signal),
  });
