import { CircleCheck, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import type { LegalKind } from '#shared/item-date';
import type { Amendment } from '#shared/schemas/legal-change-detail';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { Spinner } from '#client/components/ui/spinner';
import { useTranslation } from '#client/i18n';
import { useVocabulary } from '#client/i18n/vocabulary';
import { type AmendmentCodeGroup, amendmentCode, isAgreed } from '#client/i18n/vocabulary/amendments';
import { useFormat } from '#client/lib/format';
import { cn } from '#client/lib/utils';
import { useAmendments } from '../api/get-amendments';
import { useLegalChange } from '../api/get-legal-change';
import { useSyncAmendments } from '../api/sync-amendments';
import { amendmentsText, listsAmendments } from '../lib/kind-text';
import { ExternalLink, SectionError, SectionLoading } from './section-states';

/** Text longer than this may run past three lines, so it gets the Show full text toggle. */
const CLAMP_HINT_CHARS = 180;

function Field({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm">{value}</dd>
    </div>
  );
}

function ClampedText({ text }: { text: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const long = text.length > CLAMP_HINT_CHARS || text.split('\n').length > 3;
  return (
    <div className="grid gap-1">
      <p id={id} className={cn('text-sm leading-relaxed whitespace-pre-line', !open && 'line-clamp-3')}>
        {text}
      </p>
      {long && (
        <Button
          variant="link"
          size="sm"
          className="h-auto w-fit p-0"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? t('legalChange.amendments.showLess') : t('legalChange.amendments.showFull')}
        </Button>
      )}
    </div>
  );
}

function AmendmentItem({ amendment }: { amendment: Amendment }) {
  const translation = useTranslation();
  const { t } = translation;
  const agreed = isAgreed(amendment.status);
  const code = (group: AmendmentCodeGroup, value: string | null) => amendmentCode(translation, group, value);
  const format = useFormat();
  const vocabulary = useVocabulary();
  const dates = (value: string | null) => (value ? format.date(value) || t('legalChange.invalidDate') : null);
  return (
    <li className="grid gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold">
          {amendment.amendmentNumber
            ? t('legalChange.amendments.number', { number: amendment.amendmentNumber })
            : t('legalChange.amendments.unnumbered')}
        </h3>
        {amendment.status && (
          <Badge variant={agreed ? 'success' : 'outline'}>
            {agreed && <CircleCheck aria-hidden="true" />}
            {code('decisions', amendment.status)}
          </Badge>
        )}
      </div>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Field label={t('legalChange.amendments.type')} value={code('types', amendment.amendmentType)} />
        <Field
          label={t('legalChange.amendments.house')}
          value={amendment.house && vocabulary.house(amendment.house)}
        />
        <Field label={t('legalChange.amendments.sponsor')} value={amendment.leadSponsor} />
        <Field label={t('legalChange.amendments.party')} value={amendment.leadSponsorParty} />
        <Field label={t('legalChange.amendments.clause')} value={amendment.clause} />
        <Field
          label={t('legalChange.amendments.stage')}
          value={amendment.stageName && vocabulary.stage(amendment.stageName)}
        />
        <Field label={t('legalChange.amendments.stageDate')} value={dates(amendment.stageDate)} />
        <Field label={t('legalChange.amendments.stageDateFrom')} value={dates(amendment.stageDateFrom)} />
        <Field label={t('legalChange.amendments.datePublished')} value={dates(amendment.datePublished)} />
      </dl>
      {amendment.amendmentText && (
        <div className="grid gap-1">
          <h4 className="text-xs font-medium text-muted-foreground">{t('legalChange.amendments.text')}</h4>
          <ClampedText text={amendment.amendmentText} />
        </div>
      )}
      {amendment.explanatoryText && (
        <div className="grid gap-1">
          <h4 className="text-xs font-medium text-muted-foreground">
            {t('legalChange.amendments.explanatoryText')}
          </h4>
          <p className="text-sm leading-relaxed text-muted-foreground">{amendment.explanatoryText}</p>
        </div>
      )}
      {amendment.officialUrl && (
        <ExternalLink
          href={amendment.officialUrl}
          className="w-fit text-sm text-primary underline-offset-4 hover:underline"
        >
          {t('legalChange.amendments.official')}
        </ExternalLink>
      )}
    </li>
  );
}

/**
 * The Amendments tab: a bill's amendments, and Sync Latest for the bills whose amendments the
 * service reads (UK Parliament bills). Any other item says where its amendments are.
 */
export function AmendmentsTab({ legalChangeId, kind }: { legalChangeId: number; kind: LegalKind }) {
  const { t } = useTranslation();
  // the screen has loaded the item: this reads it from the cache
  const legislationType = useLegalChange(legalChangeId).data?.legislationType;
  if (kind === 'bill')
    return <BillAmendments legalChangeId={legalChangeId} legislationType={legislationType} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('legalChange.amendments.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          {t(amendmentsText(kind, legislationType))}
        </p>
      </CardContent>
    </Card>
  );
}

function BillAmendments({
  legalChangeId,
  legislationType,
}: {
  legalChangeId: number;
  legislationType: string | undefined;
}) {
  const { t } = useTranslation();
  const amendments = useAmendments(legalChangeId);
  const sync = useSyncAmendments(legalChangeId);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle as="h2">{t('legalChange.amendments.title')}</CardTitle>
        {listsAmendments(legislationType) && (
          <Button variant="outline" size="sm" onClick={() => sync.mutate()} disabled={sync.isPending}>
            {sync.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            {sync.isPending ? t('legalChange.amendments.syncing') : t('legalChange.amendments.sync')}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {amendments.isPending ? (
          <SectionLoading label={t('common.loading')} />
        ) : amendments.isError ? (
          <SectionError onRetry={() => void amendments.refetch()} />
        ) : amendments.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {t(amendmentsText('bill', legislationType))}
          </p>
        ) : (
          <ul className="grid gap-3">
            {amendments.data.map((amendment) => (
              <AmendmentItem key={amendment.id} amendment={amendment} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
