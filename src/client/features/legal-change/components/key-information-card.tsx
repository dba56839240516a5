import type { ReactNode } from 'react';
import { keyInformation, type KeyInfoEntry, type KeyInfoField } from '#shared/key-information';
import { houseLabel, stageBadgeColour } from '#shared/legal-change-display';
import type { LegalChange } from '#shared/schemas/legal-changes';
import { Badge } from '#client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';
import { STAGE_BADGE_CLASSES } from '../lib/colours';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/** The legislation type's name, or the stored code when the dictionary has none. */
function useLegislationTypeName(code: string): string {
  const { t, i18n } = useTranslation();
  const key = `legislationTypes.${code}`;
  return i18n.exists(key) ? t(key as 'legislationTypes.ukpga') : code;
}

/**
 * Key Information: the fields of the item's kind of law (src/shared/key-information.ts), each
 * once, with the dates its source states; a field with no data is left out, except the fields
 * the card lists for bills, which say 'Not specified'.
 */
export function KeyInformationCard({ legalChange }: { legalChange: LegalChange }) {
  const { t } = useTranslation();
  const typeName = useLegislationTypeName(legalChange.legislationType);
  const format = useFormat();
  const day = (value: string) => format.date(value) || t('legalChange.invalidDate');
  const label = (field: KeyInfoField) => t(`legalChange.keyInfo.${field}` as 'legalChange.keyInfo.title');

  const show = ({ value }: KeyInfoEntry): ReactNode => {
    switch (value.kind) {
      case 'date':
        return day(value.date);
      case 'dateTime':
        return day(value.dateTime);
      case 'year':
        return String(value.year);
      case 'text':
        return value.text;
      case 'house':
        return houseLabel(value.text) ?? value.text;
      case 'legislationType':
        return typeName;
      case 'stage':
        return (
          <Badge
            variant="outline"
            className={`whitespace-normal ${STAGE_BADGE_CLASSES[stageBadgeColour(value.text)]}`}
          >
            {value.text}
          </Badge>
        );
      case 'consultation':
        return value.end
          ? t('legalChange.keyInfo.consultationRange', { start: day(value.start), end: day(value.end) })
          : day(value.start);
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
          {keyInformation(legalChange).map((entry) => (
            <Row key={entry.field} label={label(entry.field)}>
              {show(entry)}
            </Row>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
