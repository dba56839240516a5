import { Badge } from '#client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { type Translation, useTranslation } from '#client/i18n';
import { isolate } from '#client/i18n/vocabulary';
import { useFormat } from '#client/lib/format';
import { effectTypeId } from '#shared/effect-types';
import { useEffects } from '../api/get-effects';
import { EffectRedlineLink } from './redline/effect-redline-link';
import { ExternalLink, SectionError, SectionLoading } from './section-states';

/** The kind of an effect in the reader's language; a kind the table lacks as legislation.gov.uk wrote it. */
export function effectTypeWords(type: string, t: Translation['t']): string {
  const id = effectTypeId(type);
  return id ? t(`legalChange.effects.types.${id}`) : isolate(type);
}

/** "Changes to this law": what later legislation amended, repealed or commenced in it. */
export function EffectsCard({ legalChangeId }: { legalChangeId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const effects = useEffects(legalChangeId);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('legalChange.effects.title')}</CardTitle>
        <CardDescription>{t('legalChange.effects.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {effects.isPending ? (
          <SectionLoading label={t('legalChange.effects.loading')} />
        ) : effects.isError ? (
          <SectionError onRetry={() => void effects.refetch()} />
        ) : effects.data.effects.length === 0 ? (
          <p className="text-muted-foreground">{t('legalChange.effects.empty')}</p>
        ) : (
          <ul className="grid gap-3">
            {effects.data.effects.map((e) => (
              <li key={e.id} className="grid gap-1 rounded-lg border p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium">
                    {e.affectedProvisions ? `${e.affectedProvisions}: ` : ''}
                    {effectTypeWords(e.type, t)}
                  </p>
                  <Badge variant={e.applied ? 'success' : 'warning'}>
                    {e.applied ? t('legalChange.effects.applied') : t('legalChange.effects.notApplied')}
                  </Badge>
                </div>
                <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">
                  {e.affectingUrl ? (
                    <ExternalLink href={e.affectingUrl} className="text-primary underline underline-offset-4">
                      {e.affectingTitle ?? e.affectingUrl}
                    </ExternalLink>
                  ) : (
                    e.affectingTitle
                  )}
                  {e.affectingProvisions ? ` (${e.affectingProvisions})` : ''}
                </p>
                <EffectRedlineLink diffPath={e.diffPath} />
                {e.inForceDate ? (
                  <p className="text-sm text-muted-foreground">
                    {t('legalChange.effects.inForce', {
                      date: format.date(e.inForceDate) || t('legalChange.invalidDate'),
                    })}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {effects.data && effects.data.total > effects.data.effects.length ? (
          <p className="mt-3 text-sm text-muted-foreground">
            {t('legalChange.effects.more', { shown: effects.data.effects.length, total: effects.data.total })}
          </p>
        ) : null}
        {effects.data ? (
          <p className="mt-3 text-xs text-muted-foreground" data-effects-checked>
            {effects.data.checkedAt
              ? t('legalChange.effects.lastChecked', { time: format.dateTime(effects.data.checkedAt) })
              : t('legalChange.effects.notChecked')}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
