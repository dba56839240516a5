import { useQuery } from '@tanstack/react-query';
import { ExternalLink, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog';
import { toast } from '#client/components/ui/toast-store';
import { useFormat } from '#client/lib/format';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { useTriggerNewsFetch } from '../../api/mutations';
import { newsArticlesQuery, newsCacheQuery } from '../../api/queries';
import { cacheBadge, formatAdminDate } from '../../lib/format';
import { QueryState } from '#client/components/query-state';
import { TabSection } from '../tab-section';

const BADGE = { new: 'success', updated: 'info', unchanged: 'secondary' } as const;

function ArticlesDialog({ id, title, onClose }: { id: number; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const articles = useQuery(newsArticlesQuery(id));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{t('admin.newsCache.articlesDescription')}</DialogDescription>
        </DialogHeader>
        <QueryState
          query={articles}
          errorTitle={t('admin.newsCache.articlesError')}
          isEmpty={(a) => a.articles.length === 0}
          empty={t('admin.newsCache.empty')}
        >
          {(list) => (
            <ul tabIndex={0} className="grid max-h-[60vh] gap-3 overflow-y-auto">
              {list.articles.map((a) => {
                const badge = cacheBadge(a.firstCachedAt, a.lastUpdated, list.now);
                return (
                  <li key={a.id} className="grid gap-1 rounded-lg border p-3 text-sm">
                    <div className="flex items-start justify-between gap-2">
                      <h3 className="font-medium">{a.title}</h3>
                      <Badge variant={BADGE[badge]}>{t(`admin.newsCache.badge.${badge}`)}</Badge>
                    </div>
                    {a.snippet && <p className="text-muted-foreground">{a.snippet}</p>}
                    <p className="text-xs text-muted-foreground">
                      {a.favicon && (
                        <img src={a.favicon} alt="" width={16} height={16} className="me-1 inline size-4" />
                      )}
                      {a.source} ·{' '}
                      {formatAdminDate(
                        a.date,
                        format,
                        { missing: t('admin.newsCache.unknown'), invalid: t('admin.common.invalidDate') },
                        false,
                      )}
                    </p>
                    <a
                      href={a.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex w-fit items-center gap-1 text-primary underline-offset-4 hover:underline"
                    >
                      {t('admin.newsCache.viewFull')}
                      <span className="sr-only">{t('common.opensInNewTab')}</span>
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}

export default function NewsCacheTab() {
  const { t } = useTranslation();
  const format = useFormat();
  const cache = useQuery(newsCacheQuery());
  const trigger = useTriggerNewsFetch();
  const [open, setOpen] = useState<{ id: number; title: string } | null>(null);
  const dates = { missing: t('admin.newsCache.unknown'), invalid: t('admin.common.invalidDate') };
  return (
    <TabSection
      title={t('admin.tabs.news-cache')}
      description={t('admin.newsCache.description')}
      action={
        <Button
          variant="outline"
          size="sm"
          disabled={trigger.isPending}
          onClick={() =>
            trigger.mutate(undefined, {
              onSuccess: (r) => toast({ title: t('admin.newsCache.started'), description: r.message }),
              onError: (error) =>
                toast({
                  title: t('admin.newsCache.fetchFailed'),
                  description: apiErrorMessage(error, t('admin.common.tryAgainLater')),
                  variant: 'destructive',
                }),
            })
          }
        >
          <RefreshCw aria-hidden="true" />
          {t('admin.newsCache.fetchNow')}
        </Button>
      }
    >
      <QueryState query={cache} isEmpty={(c) => c.entries.length === 0} empty={t('admin.newsCache.empty')}>
        {(c) => (
          <ul className="grid gap-3 md:grid-cols-2">
            {c.entries.map((e) => {
              const badge = cacheBadge(e.createdAt, e.lastFetched ?? e.createdAt, c.now);
              return (
                <li key={e.id} className="grid gap-2 rounded-lg border bg-card p-4 text-sm">
                  <div className="flex items-start justify-between gap-2">
                    <h3 className="font-medium">{e.title}</h3>
                    <Badge variant={BADGE[badge]}>{t(`admin.newsCache.badge.${badge}`)}</Badge>
                  </div>
                  <p className="text-muted-foreground">
                    {t('admin.newsCache.query', { query: e.searchQuery })} · {e.jurisdiction} ·{' '}
                    {e.legislationType}
                  </p>
                  <p>
                    {t('admin.newsCache.counts', {
                      total: e.totalArticlesCount,
                      added: e.newArticlesCount,
                      updated: e.updatedArticlesCount,
                    })}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {t('admin.newsCache.fetched', {
                      date: formatAdminDate(e.lastFetched, format, dates),
                    })}{' '}
                    · {t('admin.newsCache.next', { date: formatAdminDate(e.nextFetch, format, dates) })}
                  </p>
                  {!e.fetchSuccess && e.errorMessage && (
                    <p className="text-destructive-strong">{e.errorMessage}</p>
                  )}
                  <Button
                    variant="link"
                    className="h-auto w-fit p-0"
                    onClick={() => setOpen({ id: e.id, title: e.title })}
                  >
                    <ExternalLink aria-hidden="true" />
                    {t('admin.newsCache.showArticles')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      {open && <ArticlesDialog id={open.id} title={open.title} onClose={() => setOpen(null)} />}
    </TabSection>
  );
}
