import { ArrowLeft, Ban, Bookmark, BookmarkCheck } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { legalKindOf } from '#shared/item-date';
import type { LegalChange } from '#shared/schemas/legal-changes';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { Spinner } from '#client/components/ui/spinner';
import { Tabs, TabsContent, TabsTrigger } from '#client/components/ui/tabs';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { useTranslation } from '#client/i18n';
import { ApiError } from '#client/lib/api-client';
import { useCreateTimeline } from '../api/create-timeline';
import { useLegalChange } from '../api/get-legal-change';
import { useTimeline } from '../api/get-timeline';
import { useUserAction } from '../api/get-user-action';
import { useSetUserAction } from '../api/set-user-action';
import { type DetailTab, tabFromParam } from '../lib/format';
import { AiOverviewTab } from './ai-overview-tab';
import { AmendmentsTab } from './amendments-tab';
import { DetailTabStrip, useDragSafeTabChange } from './detail-tab-strip';
import { DocumentsTab } from './documents-tab';
import { EffectsCard } from './effects-card';
import { ItemHeading, OfficialSourceCard, SnapshotNotice } from './item-summary';
import { KeyInformationCard } from './key-information-card';
import { LatestUpdates } from './latest-updates';
import { NewsTab } from './news-tab';
import { RedlineTab } from './redline/redline-tab';
import { TimelineTab } from './timeline-tab';

/** Extra scrolls to the top after opening with `?tab=`, once late content has settled. */
export const TAB_SCROLL_DELAYS_MS = [50, 200, 600] as const;

function BackToDashboard() {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" size="sm" asChild className="-ms-3 w-fit">
      <Link to="/">
        <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
        {t('legalChange.backToDashboard')}
      </Link>
    </Button>
  );
}

function NotFoundState() {
  const { t } = useTranslation();
  useDocumentTitle(t('legalChange.notFound.title'));
  return (
    <Card className="mx-auto w-full max-w-xl text-center">
      <CardHeader className="items-center">
        <h1 className="text-2xl font-semibold tracking-tight">{t('legalChange.notFound.title')}</h1>
        <p className="text-muted-foreground">{t('legalChange.notFound.description')}</p>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Button asChild>
          <Link to="/">
            <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
            {t('legalChange.backToDashboard')}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function LoadingState() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6" aria-busy="true">
      <p role="status" className="sr-only">
        {t('legalChange.loading')}
      </p>
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-10 w-3/4" />
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-64 lg:col-span-2" />
        <Skeleton className="h-64" />
      </div>
      <Skeleton className="h-11 w-full max-w-xl" />
      <Skeleton className="h-72 w-full" />
    </div>
  );
}

function ActionButtons({ legalChangeId }: { legalChangeId: number }) {
  const { t } = useTranslation();
  const action = useUserAction(legalChangeId);
  const setAction = useSetUserAction(legalChangeId);
  const current = action.data ?? null;
  const pending = setAction.isPending ? setAction.variables : null;
  const following = current === 'followed';
  const dismissed = current === 'dismissed';
  return (
    <div role="group" aria-label={t('legalChange.action.groupLabel')} className="flex flex-wrap gap-2">
      <Button
        variant={following ? 'default' : 'outline'}
        aria-pressed={following}
        disabled={setAction.isPending}
        onClick={() => setAction.mutate('followed')}
      >
        {pending === 'followed' ? (
          <Spinner />
        ) : following ? (
          <BookmarkCheck aria-hidden="true" />
        ) : (
          <Bookmark aria-hidden="true" />
        )}
        {following ? t('legalChange.action.following') : t('legalChange.action.follow')}
      </Button>
      <Button
        variant={dismissed ? 'secondary' : 'outline'}
        aria-pressed={dismissed}
        disabled={setAction.isPending}
        onClick={() => setAction.mutate('dismissed')}
      >
        {pending === 'dismissed' ? <Spinner /> : <Ban aria-hidden="true" />}
        {dismissed ? t('legalChange.action.dismissed') : t('legalChange.action.dismiss')}
      </Button>
    </div>
  );
}

/** Asks once per item for the timeline to be built when it has loaded empty. */
function useAutoCreateTimeline(legalChangeId: number, ready: boolean) {
  const timeline = useTimeline(legalChangeId);
  const create = useCreateTimeline(legalChangeId);
  const requested = useRef<number | null>(null);
  const empty = timeline.isSuccess && timeline.data.length === 0 && !timeline.isFetching;
  const { mutate } = create;
  useEffect(() => {
    if (!ready || !empty || requested.current === legalChangeId) return;
    requested.current = legalChangeId;
    mutate();
  }, [ready, empty, legalChangeId, mutate]);
  return { timeline, create };
}

function LegalChangeDetail({ legalChange, teamPanel }: { legalChange: LegalChange; teamPanel?: ReactNode }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromParam(searchParams.get('tab'));
  const { timeline, create } = useAutoCreateTimeline(legalChange.id, true);
  const kind = legalKindOf(legalChange.legislationType, legalChange.isDraft);
  useDocumentTitle(legalChange.title);

  const selectTab = useCallback(
    (value: string) => {
      const next = tabFromParam(value);
      setSearchParams(
        (params) => {
          const updated = new URLSearchParams(params);
          if (next === 'ai-overview') updated.delete('tab');
          else updated.set('tab', next);
          return updated;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );
  const strip = useDragSafeTabChange(selectTab);

  const tabLabels: Partial<Record<DetailTab, string>> = {
    'ai-overview': t('legalChange.tabs.aiOverview'),
    news: t('legalChange.tabs.news'),
    timeline: t('legalChange.tabs.timeline'),
    amendments: t('legalChange.tabs.amendments'),
    documents: t('legalChange.tabs.documents'),
    ...(EFFECT_TYPES.has(legalChange.legislationType) ? { redline: t('legalChange.redline.tab') } : {}),
  };

  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-3">
        <BackToDashboard />
        <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
          <ItemHeading legalChange={legalChange} />
          <ActionButtons legalChangeId={legalChange.id} />
        </div>
        <SnapshotNotice legalChange={legalChange} />
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
          <KeyInformationCard
            legalChange={legalChange}
            withEffects={EFFECT_TYPES.has(legalChange.legislationType)}
          />
          <OfficialSourceCard legalChange={legalChange} />
        </div>
        <div className="min-w-0">
          <LatestUpdates events={timeline.data} loading={timeline.isPending} kind={kind} />
        </div>
      </div>
      {teamPanel}

      <Tabs value={tab} onValueChange={strip.onValueChange} className="min-w-0">
        <DetailTabStrip
          label={t('legalChange.tabs.label')}
          scroller={strip.scroller}
          onPointerDown={strip.onPointerDown}
        >
          {(Object.keys(tabLabels) as DetailTab[]).map((value) => (
            <TabsTrigger key={value} value={value} className="flex-none px-4">
              {tabLabels[value]}
            </TabsTrigger>
          ))}
        </DetailTabStrip>
        <TabsContent value="ai-overview">
          <AiOverviewTab legalChangeId={legalChange.id} sourceName={legalChange.sourceName} />
        </TabsContent>
        <TabsContent value="news">
          <NewsTab legalChangeId={legalChange.id} title={legalChange.title} />
        </TabsContent>
        <TabsContent value="timeline">
          <TimelineTab legalChange={legalChange} create={create} />
        </TabsContent>
        <TabsContent value="amendments">
          <AmendmentsTab legalChangeId={legalChange.id} kind={kind} />
        </TabsContent>
        <TabsContent value="documents">
          <DocumentsTab legalChangeId={legalChange.id} />
        </TabsContent>
        <TabsContent value="redline">
          {tabLabels.redline ? <RedlineTab legalChangeId={legalChange.id} /> : null}
        </TabsContent>
      </Tabs>
      {EFFECT_TYPES.has(legalChange.legislationType) ? <EffectsCard legalChangeId={legalChange.id} /> : null}
    </div>
  );
}

/** Acts and instruments on legislation.gov.uk, whose later changes it records */
const EFFECT_TYPES = new Set(['ukpga', 'ukla', 'ukppa', 'asp', 'asc', 'nia', 'uksi', 'wsi', 'ssi', 'nisr']);

/** Scrolls to the top when the item changes; with `?tab=` again after 50, 200 and 600 ms. */
function useScrollToTopOnItem(legalChangeId: number | null) {
  const [searchParams] = useSearchParams();
  const hasTabParam = useRef(searchParams.has('tab'));
  hasTabParam.current = searchParams.has('tab');
  useEffect(() => {
    const toTop = () => window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    toTop();
    if (!hasTabParam.current) return;
    const timers = TAB_SCROLL_DELAYS_MS.map((delay) => window.setTimeout(toTop, delay));
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [legalChangeId]);
}

/** The legal change page: the item, Follow and Dismiss, and its five tabs. */
export function LegalChangeScreen({
  legalChangeId,
  teamPanel,
}: {
  legalChangeId: number | null;
  /** the team's assessment and comments, when the member belongs to an organisation */
  teamPanel?: ReactNode;
}) {
  useScrollToTopOnItem(legalChangeId);
  if (legalChangeId === null) return <NotFoundState />;
  return <LegalChangeLoader key={legalChangeId} legalChangeId={legalChangeId} teamPanel={teamPanel} />;
}

function LegalChangeLoader({ legalChangeId, teamPanel }: { legalChangeId: number; teamPanel?: ReactNode }) {
  const { t } = useTranslation();
  const query = useLegalChange(legalChangeId);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 404 || status === 400) return <NotFoundState />;
    return (
      <div className="grid gap-4">
        <BackToDashboard />
        <Alert variant="destructive" role="alert">
          <AlertTitle>{t('legalChange.errorTitle')}</AlertTitle>
          <AlertDescription>
            <p>{t('legalChange.loadFailed', { status: status || t('legalChange.errorTitle') })}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
              {t('legalChange.retry')}
            </Button>
          </AlertDescription>
        </Alert>
      </div>
    );
  }
  return <LegalChangeDetail legalChange={query.data} teamPanel={teamPanel} />;
}
