import type { Commencement, CommencingInstrument } from '#shared/schemas/legal-change-detail';
import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';
import { ExternalLink } from './section-states';

/** When an instrument's effects bring provisions into force: one date, or the first and last. */
function InForce({ instrument }: { instrument: CommencingInstrument }) {
  const { t } = useTranslation();
  const format = useFormat();
  const day = (value: string) => format.date(value) || t('legalChange.invalidDate');
  const { firstInForce: first, lastInForce: last } = instrument;
  if (!first || !last) return null;
  return (
    <span className="text-muted-foreground">
      {first === last
        ? t('legalChange.keyInfo.commencementOn', { date: day(first) })
        : t('legalChange.keyInfo.commencementBetween', { from: day(first), to: day(last) })}
    </span>
  );
}

/**
 * Key Information's commencement of an Act: the instruments legislation.gov.uk records as
 * bringing its provisions into force, the latest first, each with the dates its effects state.
 */
export function CommencementValue({ commencement }: { commencement: Commencement }) {
  const { t } = useTranslation();
  const more = commencement.total - commencement.instruments.length;
  return (
    <>
      <ul className="grid gap-1.5">
        {commencement.instruments.map((instrument, i) => (
          <li key={instrument.url ?? i} className="grid">
            {instrument.url ? (
              <ExternalLink href={instrument.url} className="text-primary underline underline-offset-4">
                {instrument.title ?? instrument.url}
              </ExternalLink>
            ) : (
              <span>{instrument.title}</span>
            )}
            <InForce instrument={instrument} />
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p className="mt-1 text-muted-foreground">
          {t('legalChange.keyInfo.commencementMore', { count: more })}
        </p>
      ) : null}
    </>
  );
}
