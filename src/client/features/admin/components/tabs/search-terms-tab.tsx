import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { DataTable } from '#client/components/ui/data-table';
import { toast } from '#client/components/ui/toast-store';
import { useFormat } from '#client/lib/format';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { useRegenerateSearchTerms } from '../../api/mutations';
import { searchTermsQuery } from '../../api/queries';
import { QueryState } from '#client/components/query-state';
import { TabSection } from '../tab-section';

export default function SearchTermsTab() {
  const { t } = useTranslation();
  const format = useFormat();
  const terms = useQuery(searchTermsQuery());
  const regenerate = useRegenerateSearchTerms();
  return (
    <>
      <TabSection
        title={t('admin.searchTerms.memberTitle')}
        description={t('admin.searchTerms.memberDescription')}
      >
        <QueryState
          query={terms}
          isEmpty={(d) => d.memberTerms.length === 0}
          empty={t('admin.searchTerms.memberEmpty')}
        >
          {(d) => (
            <DataTable
              minWidth="min-w-[28rem]"
              rows={d.memberTerms}
              rowKey={(m) => m.term}
              columns={[
                { key: 'term', header: t('admin.searchTerms.term'), rowHeader: true, cell: (m) => m.term },
                {
                  key: 'members',
                  header: t('admin.searchTerms.members'),
                  align: 'end',
                  className: 'tabular-nums',
                  cell: (m) => format.number(m.members),
                },
                {
                  key: 'active',
                  header: t('admin.searchTerms.active'),
                  align: 'end',
                  className: 'tabular-nums',
                  cell: (m) => format.number(m.activeMembers),
                },
                {
                  key: 'matches',
                  header: t('admin.searchTerms.matches'),
                  align: 'end',
                  className: 'tabular-nums',
                  cell: (m) => format.number(m.matchesLast30Days),
                },
              ]}
            />
          )}
        </QueryState>
      </TabSection>
      <TabSection
        title={t('admin.searchTerms.newsTitle')}
        description={t('admin.searchTerms.newsDescription')}
      >
        <QueryState
          query={terms}
          isEmpty={(d) => d.newsTerms.length === 0}
          empty={t('admin.searchTerms.newsEmpty')}
        >
          {(d) => (
            <ul className="grid gap-2">
              {d.newsTerms.map((n) => (
                <li
                  key={n.id}
                  className="flex flex-wrap items-start justify-between gap-3 rounded-lg border bg-card p-3 text-sm"
                >
                  <div className="min-w-0">
                    <p className="font-medium">{n.title}</p>
                    <p className="text-muted-foreground">
                      {n.searchTerms.official.join(', ')}
                      {n.searchTerms.alternatives.length ? ` · ${n.searchTerms.alternatives.join(', ')}` : ''}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={regenerate.isPending}
                    aria-label={t('admin.searchTerms.regenerateLabel', { title: n.title })}
                    onClick={() =>
                      regenerate.mutate(
                        { id: n.id, isPrimary: n.type !== 'secondary' },
                        {
                          onSuccess: () => toast({ title: t('admin.searchTerms.regenerated') }),
                          onError: (error) =>
                            toast({
                              title: t('admin.searchTerms.regenerationFailed'),
                              description: apiErrorMessage(error, t('admin.common.tryAgainLater')),
                              variant: 'destructive',
                            }),
                        },
                      )
                    }
                  >
                    <RefreshCw aria-hidden="true" />
                    {t('admin.searchTerms.regenerate')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </TabSection>
    </>
  );
}
