import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { Input, inputClassName } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { Skeleton } from '#client/components/ui/skeleton';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage, isNetworkFailure } from '#client/lib/api-client';
import { EU_DOC_TYPES, type EuDocType } from '#shared/legal-sources';
import { SEARCH_TARGETS, useSearch, type SearchRequest, type SearchTarget } from '../api';
import { ResultList } from './result-list';

/** A search of one jurisdiction's official source, and what it found. */
export function SearchCard() {
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
        <AlertDescription>
          {isNetworkFailure(search.error)
            ? t('errors.network')
            : apiErrorMessage(search.error, t('legalSources.searchFailedText'))}
        </AlertDescription>
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
