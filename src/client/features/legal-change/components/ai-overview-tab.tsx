import { RefreshCw, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { AI_NOT_CONFIGURED_MARKER } from '#shared/constants';
import type { AIOverview } from '#shared/schemas/legal-change-detail';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { Spinner } from '#client/components/ui/spinner';
import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';
import { ApiError } from '#client/lib/api-client';
import { useAiOverview } from '../api/get-ai-overview';
import { useRegenerateAiOverview } from '../api/regenerate-ai-overview';
import { sourceHostnames } from '../lib/format';

/** The message of a failed overview call: the server's own text when it sent one. */
export function overviewErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-base font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Paragraphs({ text }: { text: string }) {
  return (
    <div className="grid gap-2 text-sm leading-relaxed">
      {text
        .split(/\n{2,}/)
        .filter((part) => part.trim() !== '')
        .map((part, index) => (
          <p key={index}>{part}</p>
        ))}
    </div>
  );
}

function OverviewBody({ overview }: { overview: AIOverview }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6" lang={overview.language}>
      <Section title={t('legalChange.ai.executiveSummary')}>
        <Paragraphs text={overview.executiveSummary} />
      </Section>
      <Section title={t('legalChange.ai.currentStatus')}>
        <Paragraphs text={overview.currentStatus} />
      </Section>
      <Section title={t('legalChange.ai.nextSteps')}>
        <Paragraphs text={overview.nextSteps} />
      </Section>
      {overview.keyProvisions.length > 0 && (
        <Section title={t('legalChange.ai.keyProvisions')}>
          <ul className="grid list-disc gap-1 ps-5 text-sm leading-relaxed">
            {overview.keyProvisions.map((provision, index) => (
              <li key={index}>{provision}</li>
            ))}
          </ul>
        </Section>
      )}
      {overview.stakeholderImpact.length > 0 && (
        <Section title={t('legalChange.ai.stakeholderImpact')}>
          <ul className="grid gap-3 sm:grid-cols-2">
            {overview.stakeholderImpact.map((item, index) => (
              <li key={index} className="rounded-lg border bg-muted/50 p-3 text-sm">
                <p className="font-medium">{item.category}</p>
                <p className="text-muted-foreground">{item.impact}</p>
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section title={t('legalChange.ai.politicalContext')}>
        <Paragraphs text={overview.politicalContext} />
      </Section>
      <Section title={t('legalChange.ai.expertCommentary')}>
        <Paragraphs text={overview.expertCommentary} />
      </Section>
      {overview.relatedDevelopments.length > 0 && (
        <Section title={t('legalChange.ai.relatedDevelopments')}>
          <ul className="grid list-disc gap-1 ps-5 text-sm leading-relaxed">
            {overview.relatedDevelopments.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}

function OverviewError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  const message = overviewErrorMessage(error);
  const notConfigured = message.includes(AI_NOT_CONFIGURED_MARKER);
  // the server's message may already read "Unable to generate AI analysis: …"
  const prefix = t('legalChange.ai.failed', { message: '' }).trim();
  const failure = message.startsWith(prefix) ? message : t('legalChange.ai.failed', { message });
  return (
    <div className="grid gap-4">
      <Alert variant="destructive" role="alert">
        <AlertTitle>{t('legalChange.ai.errorTitle')}</AlertTitle>
        <AlertDescription>
          <p>{notConfigured ? t('legalChange.ai.notConfigured') : failure}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={onRetry} disabled={retrying}>
            {retrying ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            {t('legalChange.ai.retry')}
          </Button>
        </AlertDescription>
      </Alert>
      <div className="rounded-lg border bg-muted/50 p-4 text-sm">
        <h3 className="font-semibold">{t('legalChange.ai.tipsTitle')}</h3>
        <ul className="mt-2 grid list-disc gap-1 ps-5">
          <li>{t('legalChange.ai.tipOfficialSource')}</li>
          <li>{t('legalChange.ai.tipLegislation')}</li>
          <li>{t('legalChange.ai.tipNews')}</li>
        </ul>
      </div>
    </div>
  );
}

/** The AI Overview tab: every section of the analysis, its sources, and Update Analysis. */
export function AiOverviewTab({
  legalChangeId,
  sourceName,
}: {
  legalChangeId: number;
  /** the item's own source, named when the overview lists no pages */
  sourceName: string | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const overview = useAiOverview(legalChangeId);
  const regenerate = useRegenerateAiOverview(legalChangeId);

  if (overview.isPending || (regenerate.isPending && !overview.data)) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <Spinner className="size-5" />
            {t('legalChange.ai.loadingTitle')}
          </CardTitle>
          <p className="text-sm text-muted-foreground" role="status">
            {t('legalChange.ai.loadingDescription')}
          </p>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-5 w-1/4" />
          <Skeleton className="h-16 w-full" />
        </CardContent>
      </Card>
    );
  }

  if (overview.isError && !overview.data) {
    return (
      <OverviewError
        error={overview.error}
        onRetry={() => void overview.refetch()}
        retrying={overview.isFetching}
      />
    );
  }

  const data = overview.data!;
  const hosts = sourceHostnames(data.sources);
  return (
    <Card>
      <CardHeader className="gap-2">
        <CardTitle as="h2" className="flex items-center gap-2">
          <Sparkles aria-hidden="true" className="size-5 text-primary" />
          {t('legalChange.tabs.aiOverview')}
        </CardTitle>
        <Badge variant="info" className="whitespace-normal" data-testid="generated-from" lang={data.language}>
          {data.generatedFrom}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-6">
        {regenerate.isError && (
          <Alert variant="destructive" role="alert">
            <AlertDescription>
              {t('legalChange.ai.updateFailed', { message: overviewErrorMessage(regenerate.error) })}
            </AlertDescription>
          </Alert>
        )}
        <OverviewBody overview={data} />
      </CardContent>
      <CardFooter className="flex flex-col items-start gap-3 border-t pt-4 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <p>
            <span className="font-medium text-foreground">{t('legalChange.ai.sources')}: </span>
            {hosts.length > 0 ? hosts.join(', ') : (sourceName ?? t('legalChange.ai.multipleSources'))}
          </p>
          <p>
            {t('legalChange.ai.lastUpdated', {
              date: format.dateTime(data.lastUpdated) || t('legalChange.invalidDate'),
            })}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => regenerate.mutate()}
          disabled={regenerate.isPending}
        >
          {regenerate.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          {regenerate.isPending ? t('legalChange.ai.updating') : t('legalChange.ai.update')}
        </Button>
      </CardFooter>
    </Card>
  );
}
