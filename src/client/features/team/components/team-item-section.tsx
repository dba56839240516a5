import { ListPlus, ListX } from 'lucide-react';
import { QueryState } from '#client/components/query-state';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { Spinner } from '#client/components/ui/spinner';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { useAssessment } from '../api/assessment';
import { useCurrentOrg } from '../api/orgs';
import { useWatch, useWatchlist } from '../api/watchlist';
import { permissionsOf } from '../lib/permissions';
import type { CurrentOrg } from '../lib/types';
import { AssessmentForm } from './assessment-form';
import { AssessmentHistory } from './assessment-history';
import { CommentThread } from './comment-thread';
import { ReadOnlyNote } from './org-gate';

/**
 * A legal change's team part: for a member of an organisation, the assessment panel and the
 * comment thread when the item is on the team watchlist, else the button that adds it.
 */
export function TeamItemSection({ legalChangeId }: { legalChangeId: number }) {
  const org = useCurrentOrg();
  const watchlist = useWatchlist(org.data?.id);
  if (!org.data || !watchlist.data) return null;
  const watched = watchlist.data.has(legalChangeId);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <TeamTitle />
        <WatchButton org={org.data} legalChangeId={legalChangeId} watched={watched} />
      </CardHeader>
      <CardContent className="grid gap-6">
        {watched ? <AssessmentPanel org={org.data} legalChangeId={legalChangeId} /> : <NotWatched />}
      </CardContent>
    </Card>
  );
}

function TeamTitle() {
  const { t } = useTranslation();
  return (
    <CardTitle as="h2" id="team-assessment-title">
      {t('team.assessment.title')}
    </CardTitle>
  );
}

function NotWatched() {
  const { t } = useTranslation();
  return <p className="text-sm text-muted-foreground">{t('team.watch.notOn')}</p>;
}

function WatchButton({
  org,
  legalChangeId,
  watched,
}: {
  org: CurrentOrg;
  legalChangeId: number;
  watched: boolean;
}) {
  const { t } = useTranslation();
  const watch = useWatch(org.id);
  if (!permissionsOf(org.role).manageMembers) return null;
  const toggle = () =>
    watch.mutate(
      { legalChangeId, watch: !watched },
      {
        onSuccess: () => toast({ title: t(watched ? 'team.watch.removed' : 'team.watch.added') }),
        onError: (error) =>
          toast({
            title: t('team.watch.failed'),
            description: apiErrorMessage(error, t('common.tryAgainLater')),
            variant: 'destructive',
          }),
      },
    );
  return (
    <Button variant={watched ? 'outline' : 'default'} size="sm" disabled={watch.isPending} onClick={toggle}>
      {watch.isPending ? (
        <Spinner />
      ) : watched ? (
        <ListX aria-hidden="true" />
      ) : (
        <ListPlus aria-hidden="true" />
      )}
      {t(watched ? 'team.watch.remove' : 'team.watch.add')}
    </Button>
  );
}

function AssessmentPanel({ org, legalChangeId }: { org: CurrentOrg; legalChangeId: number }) {
  const { t } = useTranslation();
  const assessment = useAssessment(org.id, legalChangeId);
  const readOnly = !permissionsOf(org.role).contribute;
  return (
    <>
      {readOnly && <ReadOnlyNote>{t('team.readOnly.viewer')}</ReadOnlyNote>}
      <QueryState query={assessment}>
        {(data) => (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <AssessmentForm
              key={data.updatedAt ?? 'new'}
              orgId={org.id}
              legalChangeId={legalChangeId}
              assessment={data}
              members={org.members}
              readOnly={readOnly}
            />
            <AssessmentHistory history={data.history} members={org.members} />
          </div>
        )}
      </QueryState>
      <CommentThread org={org} legalChangeId={legalChangeId} />
    </>
  );
}
