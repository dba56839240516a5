import { Check, ExternalLink, RefreshCw, Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { Input, inputClassName } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { Skeleton } from '#client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs';
import { toast } from '#client/components/ui/use-toast';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { cn } from '#client/lib/utils';
import {
  EU_DOC_TYPES,
  REGIONS,
  type EuDocType,
  type LegalSourceCode,
  type Region,
} from '#shared/legal-sources';
import type { SourceResult, SourceStatus } from '#shared/schemas/legal-sources';
import {
  SEARCH_TARGETS,
  useFollowResult,
  useLegalSourcesStatus,
  useRecent,
  useSearch,
  useSyncAll,
  type SearchRequest,
  type SearchTarget,
} from '../api';
import { useFormat } from '#client/lib/format';

/** /legal-sources: the sources and their status, a search in five jurisdictions, the recent lists. */
export function LegalSourcesScreen() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <SourcesCard />
      <SearchCard />
      <RecentCard />
    </div>
  );
}

function SourcesCard() {
  const { t } = useTranslation();
  const status = useLegalSourcesStatus();
  const sync = useSyncAll();
  const [tab, setTab] = useState<'all' | 'primary' | 'extended'>('all');
  const counts = status.data?.counts;

  const syncAll = () =>
    sync.mutate(undefined, {
      onSuccess: (r) =>
        toast({
          title: t('legalSources.syncDone'),
          description: t('legalSources.syncDoneText', { n: r.successful, m: r.failed }),
        }),
      onError: () =>
        toast({
          title: t('legalSources.syncFailed'),
          description: t('legalSources.syncFailedText'),
          variant: 'destructive',
        }),
    });

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle as="h2">{t('legalSources.overview')}</CardTitle>
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            {(['total', 'primary', 'extended'] as const).map((k) => (
              <div key={k} className="flex gap-1.5">
                <dt className="text-muted-foreground">{t(`legalSources.${k}`)}</dt>
                <dd className="font-semibold" data-testid={`count-${k}`}>
                  {counts ? counts[k] : '–'}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <Button onClick={syncAll} disabled={sync.isPending} aria-describedby="sync-progress">
          <RefreshCw aria-hidden="true" className={cn(sync.isPending && 'animate-spin')} />
          {t('legalSources.syncAll')}
        </Button>
        <p id="sync-progress" role="status" className="basis-full text-sm text-muted-foreground empty:hidden">
          {sync.isPending ? t('legalSources.syncing') : ''}
        </p>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={(v) => setTab(v as typeof tab)}>
          <TabsList className="w-full sm:w-fit">
            <TabsTrigger value="all">{t('legalSources.tabAll')}</TabsTrigger>
            <TabsTrigger value="primary">{t('legalSources.primary')}</TabsTrigger>
            <TabsTrigger value="extended">{t('legalSources.extended')}</TabsTrigger>
          </TabsList>
          <TabsContent value={tab}>
            {status.isPending ? (
              <div className="grid gap-3 sm:grid-cols-2" aria-busy="true">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} className="h-24" />
                ))}
              </div>
            ) : status.isError ? (
              <Alert variant="destructive">
                <AlertDescription>
                  {apiErrorMessage(status.error, t('legalSources.syncFailedText'))}
                </AlertDescription>
              </Alert>
            ) : (
              <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2">
                {status.data.sources
                  .filter((s) => tab === 'all' || s.group === tab)
                  .map((s) => (
                    <SourceItem key={s.code} source={s} />
                  ))}
              </ul>
            )}
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

function SourceItem({ source }: { source: SourceStatus }) {
  const { t } = useTranslation();
  const format = useFormat();
  const badge =
    source.availability === 'available'
      ? { variant: 'success' as const, text: t('legalSources.available') }
      : source.availability === 'api_key_required'
        ? { variant: 'warning' as const, text: t('legalSources.apiKeyRequired') }
        : { variant: 'destructive' as const, text: t('legalSources.unavailable') };
  return (
    <li className="grid min-w-0 gap-1.5 rounded-lg border p-3" data-testid={`source-${source.code}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium">{source.name}</h3>
        <Badge variant={badge.variant}>{badge.text}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {source.jurisdiction} · {source.description}
      </p>
      <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
        {source.lastSuccessAt
          ? t('legalSources.lastSuccess', {
              time: format.dateTime(source.lastSuccessAt),
            })
          : t('legalSources.neverReached')}
        {source.lastError && source.availability !== 'available' ? ` · ${source.lastError}` : ''}
      </p>
    </li>
  );
}

function SearchCard() {
  const {
    t,
    i18n: { language },
  } = useTranslation();
  const ids = { target: useId(), docType: useId(), query: useId(), error: useId() };
  const [target, setTarget] = useState<SearchTarget | ''>('');
  const [docType, setDocType] = useState<EuDocType | ''>('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [request, setRequest] = useState<SearchRequest | null>(null);
  const search = useSearch(request);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (!target) return setProblem(t('legalSources.selectJurisdiction'));
    if (query.length < 2) return setProblem(t('legalSources.enterQuery'));
    setProblem(null);
    setRequest({ target, query, docType: target === 'eu' ? docType : '', language });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('legalSources.search')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          onSubmit={submit}
          noValidate
          className="grid gap-3 md:grid-cols-[14rem_auto_minmax(0,1fr)_auto] md:items-end"
        >
          <div className="grid gap-1.5">
            <Label htmlFor={ids.target}>{t('legalSources.jurisdiction')}</Label>
            <select
              id={ids.target}
              className={inputClassName}
              value={target}
              onChange={(e) => setTarget(e.target.value as SearchTarget)}
              aria-invalid={problem === t('legalSources.selectJurisdiction') || undefined}
              aria-describedby={problem ? ids.error : undefined}
            >
              <option value="">{t('legalSources.chooseJurisdiction')}</option>
              {SEARCH_TARGETS.map((code) => (
                <option key={code} value={code}>
                  {t(`legalSources.targets.${code}`)}
                </option>
              ))}
            </select>
          </div>
          {target === 'eu' ? (
            <div className="grid gap-1.5">
              <Label htmlFor={ids.docType}>{t('legalSources.docType')}</Label>
              <select
                id={ids.docType}
                className={inputClassName}
                value={docType}
                onChange={(e) => setDocType(e.target.value as EuDocType | '')}
              >
                <option value="">{t('legalSources.allTypes')}</option>
                {EU_DOC_TYPES.map((d) => (
                  <option key={d} value={d}>
                    {t(`legalSources.${d}`)}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <span className="hidden md:block" />
          )}
          <div className="grid gap-1.5">
            <Label htmlFor={ids.query}>{t('legalSources.query')}</Label>
            <Input
              id={ids.query}
              type="search"
              value={text}
              maxLength={200}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={problem === t('legalSources.enterQuery') || undefined}
              aria-describedby={problem ? ids.error : undefined}
            />
          </div>
          <Button type="submit" disabled={search.isFetching}>
            <Search aria-hidden="true" />
            {t('legalSources.searchButton')}
          </Button>
          {problem ? (
            <p id={ids.error} role="alert" className="text-sm text-destructive-strong md:col-span-4">
              {problem}
            </p>
          ) : null}
        </form>
        <SearchResults request={request} search={search} />
      </CardContent>
    </Card>
  );
}

function SearchResults({
  request,
  search,
}: {
  request: SearchRequest | null;
  search: ReturnType<typeof useSearch>;
}) {
  const { t } = useTranslation();
  if (!request) return null;
  if (search.isFetching && !search.data)
    return (
      <div className="grid gap-2" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </div>
    );
  if (search.isError)
    return (
      <Alert variant="destructive" role="alert">
        <AlertTitle>{t('legalSources.searchFailed')}</AlertTitle>
        <AlertDescription>{t('legalSources.searchFailedText')}</AlertDescription>
      </Alert>
    );
  const data = search.data;
  if (!data) return null;
  if (data.results.length === 0)
    return (
      <div role="status" className="rounded-lg border border-dashed p-6 text-center">
        <p className="font-medium">{t('legalSources.noResults')}</p>
        <p className="text-sm text-muted-foreground">{t('legalSources.noResultsText')}</p>
      </div>
    );
  return (
    <section aria-label={t('legalSources.resultsCount', { count: data.total })} className="grid gap-2">
      <p role="status" className="text-sm text-muted-foreground">
        {t('legalSources.resultsCount', { count: data.total })}
      </p>
      <ResultList results={data.results} />
    </section>
  );
}

function ResultList({ results }: { results: SourceResult[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const follow = useFollowResult();
  const [followed, setFollowed] = useState<Record<string, number>>({});
  const key = (r: SourceResult) => `${r.source}|${r.identifier}`;
  return (
    <ul className="grid gap-2">
      {results.map((r) => {
        const id = followed[key(r)];
        const busy = follow.isPending && follow.variables?.identifier === r.identifier;
        return (
          <li
            key={key(r)}
            className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
          >
            <div className="grid min-w-0 gap-1">
              <p className="font-medium [overflow-wrap:anywhere]">{r.title}</p>
              <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
                <span>{r.type}</span>
                <span className="font-mono text-xs leading-5">{r.identifier}</span>
                {r.date ? <time dateTime={r.date}>{format.date(r.date)}</time> : null}
                {r.url ? (
                  <a
                    href={r.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 text-primary underline underline-offset-4"
                  >
                    {t('legalSources.officialText')}
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                  </a>
                ) : null}
              </p>
            </div>
            {id ? (
              <Button asChild variant="outline" size="sm">
                <Link to={`/legal-change/${id}`}>
                  <Check aria-hidden="true" />
                  {t('legalSources.following')}
                </Link>
              </Button>
            ) : (
              <Button
                size="sm"
                disabled={busy}
                aria-label={`${t('legalSources.follow')}: ${r.title}`}
                onClick={() =>
                  follow.mutate(
                    {
                      source: r.source as LegalSourceCode,
                      identifier: r.identifier,
                      legalChangeId: r.legalChangeId,
                    },
                    {
                      onSuccess: (legalChangeId) => {
                        setFollowed((f) => ({ ...f, [key(r)]: legalChangeId }));
                        toast({
                          title: t('legalSources.following'),
                          description: t('legalSources.followed', { title: r.title }),
                        });
                      },
                      onError: (error) =>
                        toast({
                          title: t('legalSources.followFailed'),
                          description: apiErrorMessage(error, t('legalSources.followFailed')),
                          variant: 'destructive',
                        }),
                    },
                  )
                }
              >
                {t('legalSources.follow')}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function RecentCard() {
  const { t } = useTranslation();
  const [region, setRegion] = useState<Region | 'global'>('uk');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('legalSources.recent')}</CardTitle>
      </CardHeader>
      <CardContent>
        <Tabs value={region} onValueChange={(v) => setRegion(v as Region | 'global')}>
          <TabsList className="grid h-auto w-full grid-cols-3 gap-1 sm:flex sm:w-fit">
            {REGIONS.map((r) => (
              <TabsTrigger key={r} value={r} className="h-9">
                {t(`legalSources.regions.${r}`)}
              </TabsTrigger>
            ))}
            <TabsTrigger value="global" className="h-9">
              {t('legalSources.global')}
            </TabsTrigger>
          </TabsList>
          {REGIONS.map((r) => (
            <TabsContent key={r} value={r}>
              <RecentList region={r} active={region === r} />
            </TabsContent>
          ))}
          <TabsContent value="global">
            <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
              {t('legalSources.globalSoon')}
            </p>
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

function RecentList({ region, active }: { region: Region; active: boolean }) {
  const { t } = useTranslation();
  const recent = useRecent(region, active);
  if (recent.isPending)
    return (
      <div className="grid gap-2" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14" />
        ))}
      </div>
    );
  if (recent.isError)
    return (
      <Alert variant="destructive">
        <AlertDescription>
          {apiErrorMessage(recent.error, t('legalSources.searchFailedText'))}
        </AlertDescription>
      </Alert>
    );
  if (!recent.data.results.length)
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
        {t('legalSources.recentEmpty')}
      </p>
    );
  return <ResultList results={recent.data.results} />;
}
