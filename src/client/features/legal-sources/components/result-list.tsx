import { Check, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/components/ui/use-toast';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { type LegalSourceCode } from '#shared/legal-sources';
import type { SourceResult } from '#shared/schemas/legal-sources';
import { useFollowResult } from '../api';
import { useFormat } from '#client/lib/format';

/** Items found in a source: each with its link and the way to follow it. */
export function ResultList({ results }: { results: SourceResult[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const follow = useFollowResult();
  const [followed, setFollowed] = useState<Record<string, number>>({});
  const key = (r: SourceResult) => `${r.source}|${r.identifier}`;
  return (
    <ul className="grid gap-2">
      {results.map((r) => {
        const id = followed[key(r)];
        const busy = follow.isPending && follow.variables?.identifier === r.identifier;
        return (
          <li
            key={key(r)}
            className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
          >
            <div className="grid min-w-0 gap-1">
              <p className="font-medium [overflow-wrap:anywhere]">{r.title}</p>
              <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
                <span>{r.type}</span>
                <span className="font-mono text-xs leading-5">{r.identifier}</span>
                {r.date ? <time dateTime={r.date}>{format.date(r.date)}</time> : null}
                {r.url ? (
                  <a
                    href={r.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 text-primary underline underline-offset-4"
                  >
                    {t('legalSources.officialText')}
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                  </a>
                ) : null}
              </p>
            </div>
            {id ? (
              <Button asChild variant="outline" size="sm">
                <Link to={`/legal-change/${id}`}>
                  <Check aria-hidden="true" />
                  {t('legalSources.following')}
                </Link>
              </Button>
            ) : (
              <Button
                size="sm"
                disabled={busy}
                aria-label={`${t('legalSources.follow')}: ${r.title}`}
                onClick={() =>
                  follow.mutate(
                    {
                      source: r.source as LegalSourceCode,
                      identifier: r.identifier,
                      legalChangeId: r.legalChangeId,
                    },
                    {
                      onSuccess: (legalChangeId) => {
                        setFollowed((f) => ({ ...f, [key(r)]: legalChangeId }));
                        toast({
                          title: t('legalSources.following'),
                          description: t('legalSources.followed', { title: r.title }),
                        });
                      },
                      onError: (error) =>
                        toast({
                          title: t('legalSources.followFailed'),
                          description: apiErrorMessage(error, t('legalSources.followFailed')),
                          variant: 'destructive',
                        }),
                    },
                  )
                }
              >
                {t('legalSources.follow')}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
