import { Newspaper, RefreshCw, Search } from 'lucide-react';
import type { NewsArticle } from '#shared/schemas/legal-change-detail';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card';
import { Spinner } from '#client/components/ui/spinner';
import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';
import { apiErrorMessage, isNetworkFailure } from '#client/lib/api-client';
import { cn } from '#client/lib/utils';
import { useNews, useRefreshNews } from '../api/get-news';
import { ExternalLink, SectionLoading } from './section-states';

const RELEVANCE_DOTS = 5;

function googleSearchUrl(query: string): string {
  return `https://www.google.com/search?q=${encodeURIComponent(query)}`;
}

function Relevance({ score }: { score: number }) {
  const { t } = useTranslation();
  const percent = Math.round(Math.min(1, Math.max(0, score)) * 100);
  const filled = Math.round((percent / 100) * RELEVANCE_DOTS);
  return (
    <span
      role="img"
      aria-label={t('legalChange.news.relevance', { percent })}
      className="inline-flex items-center gap-1"
    >
      {Array.from({ length: RELEVANCE_DOTS }, (_, index) => (
        <span
          key={index}
          className={cn(
            'size-2 rounded-full border border-primary',
            index < filled ? 'bg-primary' : 'bg-transparent',
          )}
        />
      ))}
      <span className="ms-1 text-xs text-muted-foreground">{t('legalChange.news.percent', { percent })}</span>
    </span>
  );
}

function ArticleCard({ article }: { article: NewsArticle }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li className="grid gap-2 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span className="flex min-w-0 items-center gap-2">
          {article.favicon ? (
            <img
              src={article.favicon}
              alt=""
              width={16}
              height={16}
              className="size-4 shrink-0"
              loading="lazy"
              referrerPolicy="no-referrer"
            />
          ) : (
            <Newspaper aria-hidden="true" className="size-4 shrink-0" />
          )}
          <span className="truncate font-medium text-foreground">{article.source}</span>
          <span aria-hidden="true">·</span>
          <span>
            {article.publishedDate
              ? format.date(article.publishedDate) || t('legalChange.invalidDate')
              : t('legalChange.news.noDate')}
          </span>
        </span>
        <Relevance score={article.relevanceScore} />
      </div>
      <h3 className="text-base leading-snug font-semibold">
        <ExternalLink href={article.url} className="text-primary underline-offset-4 hover:underline">
          {article.title}
        </ExternalLink>
      </h3>
      {article.summary && <p className="text-sm leading-relaxed text-muted-foreground">{article.summary}</p>}
    </li>
  );
}

/** The News tab: recent articles about the item, with Refresh and the fallbacks when search fails. */
export function NewsTab({ legalChangeId, title }: { legalChangeId: number; title: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const news = useNews(legalChangeId);
  const refresh = useRefreshNews(legalChangeId);
  const googleUrl = googleSearchUrl(t('legalChange.news.googleQuery', { title }));
  const busy = refresh.isPending || news.isFetching;

  const refreshButton = (label: string, variant: 'outline' | 'default' = 'outline') => (
    <Button variant={variant} size="sm" onClick={() => refresh.mutate()} disabled={busy}>
      {refresh.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
      {refresh.isPending ? t('legalChange.news.refreshing') : label}
    </Button>
  );

  if (news.isPending) return <SectionLoading label={t('legalChange.news.loading')} />;

  if (news.isError) {
    return (
      <Alert variant="destructive" role="alert">
        <AlertTitle>{t('legalChange.news.errorTitle')}</AlertTitle>
        <AlertDescription>
          <p>
            {isNetworkFailure(news.error)
              ? t('errors.network')
              : apiErrorMessage(news.error, t('legalChange.news.errorDescription'))}
          </p>
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() => void news.refetch()}
            disabled={busy}
          >
            {news.isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            {t('legalChange.news.tryAgain')}
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  const result = news.data;
  // a failed search with nothing kept: its error says why, and "no article mentions it" is unknown
  const searchFailed = result.error !== undefined && result.articles.length === 0;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle as="h2" className="flex items-center gap-2">
          <Newspaper aria-hidden="true" className="size-5 text-primary" />
          {t('legalChange.tabs.news')}
        </CardTitle>
        {result.articles.length > 0 && refreshButton(t('legalChange.news.refresh'))}
      </CardHeader>
      <CardContent className="grid gap-4">
        {refresh.isError && (
          <Alert variant="destructive" role="alert">
            <AlertDescription>
              {t('legalChange.news.refreshFailed', {
                message: isNetworkFailure(refresh.error)
                  ? t('errors.network')
                  : apiErrorMessage(refresh.error, t('legalChange.news.errorDescription')),
              })}
            </AlertDescription>
          </Alert>
        )}
        {result.error !== undefined && (
          <Alert variant="warning" role="alert">
            <AlertTitle>{t('legalChange.news.errorTitle')}</AlertTitle>
            <AlertDescription>
              <p>{result.error}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                {refreshButton(t('legalChange.news.tryAgain'))}
                <Button variant="outline" size="sm" asChild>
                  <ExternalLink href={googleUrl}>
                    <Search aria-hidden="true" />
                    {t('legalChange.news.searchGoogle')}
                  </ExternalLink>
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        )}
        {searchFailed ? null : result.articles.length === 0 ? (
          <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-8 text-center">
            <Newspaper aria-hidden="true" className="size-8 text-muted-foreground" />
            <h3 className="text-base font-semibold">{t('legalChange.news.emptyTitle')}</h3>
            <p className="text-sm text-muted-foreground">{t('legalChange.news.emptyDescription')}</p>
            {refreshButton(t('legalChange.news.searchAgain'))}
          </div>
        ) : (
          <ul className="grid gap-3">
            {result.articles.map((article) => (
              <ArticleCard key={article.url} article={article} />
            ))}
          </ul>
        )}
      </CardContent>
      <CardFooter className="flex flex-col items-start gap-1 border-t pt-4 text-sm text-muted-foreground">
        {!searchFailed && <p>{t('legalChange.news.found', { count: result.articles.length })}</p>}
        {result.lastUpdated && (
          <p>
            {t('legalChange.news.lastUpdated', {
              date: format.dateTime(result.lastUpdated) || t('legalChange.invalidDate'),
            })}
          </p>
        )}
        <p className="break-words">{t('legalChange.news.searchQuery', { query: result.searchQuery })}</p>
      </CardFooter>
    </Card>
  );
}
