import { Archive, ExternalLink as ExternalLinkIcon } from 'lucide-react';
import type { LegalChange } from '#shared/schemas/legal-changes';
import { ItemDate } from '#client/components/item-date';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { useTranslation } from '#client/i18n';
import { isolate, useVocabulary } from '#client/i18n/vocabulary';
import { useFormat } from '#client/lib/format';
import { ExternalLink } from './section-states';

/** The item's title, its kind of law and its legal date with what happened on it. */
export function ItemHeading({ legalChange }: { legalChange: LegalChange }) {
  const vocabulary = useVocabulary();
  return (
    <div className="grid min-w-0 gap-2">
      <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words sm:text-3xl">
        <bdi>{legalChange.title}</bdi>
      </h1>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
        <span data-testid="item-type">{vocabulary.typeName(legalChange.legislationType)}</span>
        {legalChange.itemDate && (
          <>
            <span aria-hidden="true">·</span>
            <ItemDate item={legalChange} />
          </>
        )}
      </p>
    </div>
  );
}

/** Says the item is as the bundled snapshot of a date had it, until a live sync refreshes it. */
export function SnapshotNotice({ legalChange }: { legalChange: LegalChange }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!legalChange.fromSnapshot) return null;
  const { takenAt } = legalChange.fromSnapshot;
  return (
    <Alert variant="info" data-testid="snapshot-notice">
      <Archive aria-hidden="true" />
      <AlertTitle>{t('legalChange.snapshot.title')}</AlertTitle>
      <AlertDescription>
        {t('legalChange.snapshot.description', { date: format.date(takenAt) || takenAt })}
      </AlertDescription>
    </Alert>
  );
}

/** The official page of the item, labelled with the source it is on. */
export function OfficialSourceCard({ legalChange }: { legalChange: LegalChange }) {
  const { t } = useTranslation();
  if (!legalChange.officialUrl) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('legalChange.officialSource.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <Button variant="outline" asChild className="w-full whitespace-normal sm:w-fit">
          <ExternalLink href={legalChange.officialUrl}>
            <ExternalLinkIcon aria-hidden="true" />
            {legalChange.sourceName
              ? t('legalChange.officialSource.viewOn', { source: isolate(legalChange.sourceName) })
              : t('legalChange.officialSource.viewOnFallback')}
          </ExternalLink>
        </Button>
      </CardContent>
    </Card>
  );
}
