import type { ReactNode } from 'react';
import { legalKindOf } from '#shared/item-date';
import { keyInformation, type KeyInfoEntry, type KeyInfoField } from '#shared/key-information';
import { stageBadgeColour } from '#shared/legal-change-display';
import type { LegalChange } from '#shared/schemas/legal-changes';
import { Badge } from '#client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { useTranslation } from '#client/i18n';
import { isolate, useVocabulary } from '#client/i18n/vocabulary';
import { useFormat } from '#client/lib/format';
import { useEffects } from '../api/get-effects';
import { STAGE_BADGE_CLASSES } from '../lib/colours';
import { CommencementValue } from './commencement-value';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/**
 * Key Information: the fields of the item's kind of law (src/shared/key-information.ts), each
 * once, with the dates its source states and the sources' words in the member's language; a
 * field with no data is left out, except the fields the card lists for bills, which say 'Not
 * specified'. An Act with effects recorded shows the instruments that commenced it.
 */
export function KeyInformationCard({
  legalChange,
  withEffects,
}: {
  legalChange: LegalChange;
  withEffects: boolean;
}) {
  const { t } = useTranslation();
  const vocabulary = useVocabulary();
  const format = useFormat();
  const isAct = legalKindOf(legalChange.legislationType, legalChange.isDraft) === 'act';
  // the same query as the page's Changes card: one request between them
  const effects = useEffects(legalChange.id, { enabled: withEffects && isAct });
  const day = (value: string) => format.date(value) || t('legalChange.invalidDate');
  const label = (field: KeyInfoField) => t(`legalChange.keyInfo.${field}` as 'legalChange.keyInfo.title');

  const show = ({ field, value }: KeyInfoEntry): ReactNode => {
    switch (value.kind) {
      case 'date':
        return day(value.date);
      case 'dateTime': {
        const when = format.dateTime(value.dateTime) || t('legalChange.invalidDate');
        // the source's own record time, never the service's: say whose it is
        return field === 'lastUpdated' && legalChange.sourceName
          ? t('legalChange.keyInfo.updatedBySource', { date: when, source: isolate(legalChange.sourceName) })
          : when;
      }
      case 'year':
        return String(value.year);
      case 'text':
        // a citation ('2018 c. 12', '2019 No. 1434') keeps its own order inside right-to-left text
        return <bdi>{value.text}</bdi>;
      case 'house':
        return vocabulary.house(value.text);
      case 'legislationType':
        return vocabulary.typeName(value.code);
      case 'stage':
        return (
          <Badge
            variant="outline"
            className={`whitespace-normal ${STAGE_BADGE_CLASSES[stageBadgeColour(value.text)]}`}
          >
            {vocabulary.stage(value.text)}
          </Badge>
        );
      case 'consultation':
        return value.end
          ? t('legalChange.keyInfo.consultationRange', { start: day(value.start), end: day(value.end) })
          : day(value.start);
      case 'commencement':
        return <CommencementValue commencement={value.commencement} />;
      default:
        return t('legalChange.notSpecified');
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('legalChange.keyInfo.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {keyInformation(legalChange, { commencement: effects.data?.commencement }).map((entry) => (
            <Row key={entry.field} label={label(entry.field)}>
              {show(entry)}
            </Row>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
