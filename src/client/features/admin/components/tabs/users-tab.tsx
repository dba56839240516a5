import { useInfiniteQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { useFormat } from '#client/lib/format';
import { useTranslation } from '#client/i18n';
import { usersQuery } from '../../api/queries';
import { formatAdminDate } from '../../lib/format';
import { QueryState } from '#client/components/query-state';
import { TabSection } from '../tab-section';
import { AuditLog } from '../users/audit-log';
import { UserDetailDialog } from '../users/member-detail-dialog';

export default function UsersTab() {
  const { t } = useTranslation();
  const format = useFormat();
  const [q, setQ] = useState('');
  const [draft, setDraft] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const users = useInfiniteQuery(usersQuery(q));
  const dates = { missing: t('admin.common.notSpecified'), invalid: t('admin.common.invalidDate') };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };
  return (
    <>
      <TabSection title={t('admin.tabs.users')} description={t('admin.users.description')}>
        <form onSubmit={submit} role="search" className="flex flex-wrap gap-2">
          <label htmlFor="admin-user-search" className="sr-only">
            {t('admin.users.search')}
          </label>
          <Input
            id="admin-user-search"
            type="search"
            className="max-w-sm"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t('admin.users.searchPlaceholder')}
          />
          <Button type="submit">
            <Search aria-hidden="true" />
            {t('admin.users.search')}
          </Button>
        </form>
        <QueryState
          query={{ ...users, data: users.data?.pages.flatMap((p) => p.users) }}
          isEmpty={(list) => list.length === 0}
          empty={t('admin.users.empty')}
        >
          {(list) => (
            <div className="grid gap-3">
              <ul className="grid gap-2">
                {list.map((u) => (
                  <li
                    key={u.id}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-3 text-sm"
                  >
                    <div className="min-w-0">
                      <p className="font-medium break-all">{u.email}</p>
                      <p className="text-muted-foreground">
                        {u.firstName} {u.lastName} · {formatAdminDate(u.createdAt, format, dates, false)} ·{' '}
                        {t('admin.users.following', { count: u.followingCount })}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge variant="outline">{u.subscriptionTier}</Badge>
                      {u.suspended && <Badge variant="destructive">{t('admin.users.suspended')}</Badge>}
                      {u.emailVerified && <Badge variant="success">{t('admin.users.emailVerified')}</Badge>}
                      {u.phoneVerified && <Badge variant="success">{t('admin.users.phoneVerified')}</Badge>}
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setOpen(u.id)}
                        aria-label={t('admin.users.manageLabel', { email: u.email })}
                      >
                        {t('admin.users.manage')}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
              {users.hasNextPage && (
                <Button
                  variant="outline"
                  className="justify-self-center"
                  onClick={() => void users.fetchNextPage()}
                  disabled={users.isFetchingNextPage}
                >
                  {t('admin.common.loadMore')}
                </Button>
              )}
            </div>
          )}
        </QueryState>
      </TabSection>
      <AuditLog />
      {open !== null && <UserDetailDialog id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
