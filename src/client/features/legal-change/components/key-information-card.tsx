import type { ReactNode } from 'react';
import { houseLabel, stageBadgeColour } from '#shared/legal-change-display';
import { SCOTTISH_PARLIAMENT_BILL } from '#shared/legislation';
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

/** Key Information: stage, type and dates, plus the parliamentary or Scottish bill details. */
export function KeyInformationCard({ legalChange }: { legalChange: LegalChange }) {
  const { t } = useTranslation();
  const typeName = useLegislationTypeName(legalChange.legislationType);
  const notSpecified = t('legalChange.notSpecified');
  const format = useFormat();
  const formatDisplayDate = (value: string | null) =>
    value && value.trim() !== '' ? format.date(value) || t('legalChange.invalidDate') : notSpecified;
  const text = (value: string | null) => (value && value.trim() !== '' ? value : notSpecified);
  const scottish = legalChange.legislationType === SCOTTISH_PARLIAMENT_BILL;
  const ukParliament = legalChange.jurisdictionId === 1 && !scottish;
  const stage = legalChange.currentStage;
  const consultation = legalChange.consultationStartDate
    ? legalChange.consultationEndDate
      ? t('legalChange.keyInfo.consultationRange', {
          start: formatDisplayDate(legalChange.consultationStartDate),
          end: formatDisplayDate(legalChange.consultationEndDate),
        })
      : formatDisplayDate(legalChange.consultationStartDate)
    : notSpecified;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('legalChange.keyInfo.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Row label={t('legalChange.keyInfo.currentStage')}>
            {stage ? (
              <Badge
                variant="outline"
                className={`whitespace-normal ${STAGE_BADGE_CLASSES[stageBadgeColour(stage)]}`}
              >
                {stage}
              </Badge>
            ) : (
              notSpecified
            )}
          </Row>
          <Row label={t('legalChange.keyInfo.legislationType')}>{typeName}</Row>
          <Row label={t('legalChange.keyInfo.lastUpdated')}>
            {formatDisplayDate(legalChange.lastUpdatedDate)}
          </Row>
          <Row label={t('legalChange.keyInfo.proposedDate')}>
            {formatDisplayDate(legalChange.proposedDate)}
          </Row>
          <Row label={t('legalChange.keyInfo.consultationPeriod')}>{consultation}</Row>
          <Row label={t('legalChange.keyInfo.effectiveDate')}>
            {formatDisplayDate(legalChange.effectiveDate)}
          </Row>
          {ukParliament && (
            <>
              <Row label={t('legalChange.keyInfo.parliamentarySession')}>
                {text(legalChange.parliamentarySession)}
              </Row>
              <Row label={t('legalChange.keyInfo.currentHouse')}>
                {houseLabel(legalChange.currentHouse) ?? notSpecified}
              </Row>
              <Row label={t('legalChange.keyInfo.currentStage')}>{text(stage)}</Row>
            </>
          )}
          {scottish && (
            <>
              <Row label={t('legalChange.keyInfo.billReference')}>
                {text(legalChange.scottishBillReference)}
              </Row>
              <Row label={t('legalChange.keyInfo.parliamentarySession')}>
                {text(legalChange.parliamentarySession)}
              </Row>
              <Row label={t('legalChange.keyInfo.shortName')}>{text(legalChange.shortName)}</Row>
              <Row label={t('legalChange.keyInfo.sponsoringOrganisation')}>
                {text(legalChange.thirdPartyOrganisation)}
              </Row>
            </>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
