import { CalendarDays, Copy, Rss } from 'lucide-react';
import { useId, useState } from 'react';
import { QueryState } from '#client/components/query-state';
import { Alert, AlertDescription } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { Skeleton } from '#client/components/ui/skeleton';
import { toast } from '#client/components/ui/use-toast';
import { useTranslation } from '#client/i18n';
import { useFeeds, useRegenerateFeeds } from '../api/feeds';

/** One feed address, read-only, with Copy. */
function FeedAddress({ label, url, icon }: { label: string; url: string; icon: 'calendar' | 'rss' }) {
  const { t } = useTranslation();
  const id = useId();
  const Icon = icon === 'calendar' ? CalendarDays : Rss;
  const copy = () =>
    navigator.clipboard
      .writeText(url)
      .then(() => toast({ title: t('feeds.copied') }))
      .catch(() => toast({ title: t('feeds.copyFailed'), variant: 'destructive' }));
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="flex items-center gap-2">
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={url}
          className="font-mono text-xs"
          onFocus={(e) => e.target.select()}
        />
        <Button type="button" variant="outline" onClick={copy} aria-label={`${t('feeds.copy')}: ${label}`}>
          <Copy aria-hidden="true" />
          <span className="hidden sm:inline">{t('feeds.copy')}</span>
        </Button>
      </div>
    </div>
  );
}

/** Calendar and feeds: private addresses for calendar apps and feed readers, and revoking them. */
export function FeedsCard() {
  const { t } = useTranslation();
  const feeds = useFeeds();
  const regenerate = useRegenerateFeeds();
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('feeds.title')}</CardTitle>
        <CardDescription>{t('feeds.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState
          query={feeds}
          loading={
            <div className="grid gap-3" aria-busy="true">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
          }
          error={(retry) => (
            <Alert variant="destructive" role="alert">
              <AlertDescription className="flex flex-wrap items-center gap-3">
                {t('feeds.loadError')}
                <Button variant="outline" size="sm" onClick={retry}>
                  {t('alertPreferences.retry')}
                </Button>
              </AlertDescription>
            </Alert>
          )}
        >
          {(data) => (
            <>
              <FeedAddress label={t('feeds.calendar')} url={data.calendarUrl} icon="calendar" />
              <FeedAddress label={t('feeds.everything')} url={data.atomUrl} icon="rss" />
              {data.items.length + data.terms.length > 0 ? (
                <details className="rounded-lg border p-3">
                  <summary className="cursor-pointer font-medium">{t('feeds.more')}</summary>
                  <ul className="mt-3 grid gap-2 text-sm">
                    {data.items.map((i) => (
                      <li key={`i${i.legalChangeId}`} className="grid gap-0.5">
                        <span className="font-medium">{i.title}</span>
                        <code className="text-xs [overflow-wrap:anywhere] text-muted-foreground">
                          {i.url}
                        </code>
                      </li>
                    ))}
                    {data.terms.map((term) => (
                      <li key={`t${term.id}`} className="grid gap-0.5">
                        <span className="font-medium">“{term.term}”</span>
                        <code className="text-xs [overflow-wrap:anywhere] text-muted-foreground">
                          {term.url}
                        </code>
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
              <p className="text-sm text-muted-foreground">{t('feeds.private')}</p>
              <Dialog open={open} onOpenChange={setOpen}>
                <DialogTrigger asChild>
                  <Button variant="outline" className="w-fit">
                    {t('feeds.regenerate')}
                  </Button>
                </DialogTrigger>
                <DialogContent>
                  <DialogHeader>
                    <DialogTitle>{t('feeds.regenerateTitle')}</DialogTitle>
                    <DialogDescription>{t('feeds.regenerateText')}</DialogDescription>
                  </DialogHeader>
                  <DialogFooter>
                    <DialogClose asChild>
                      <Button variant="outline">{t('feeds.cancel')}</Button>
                    </DialogClose>
                    <Button
                      disabled={regenerate.isPending}
                      onClick={() =>
                        regenerate.mutate(undefined, {
                          onSuccess: () => {
                            setOpen(false);
                            toast({ title: t('feeds.regenerated') });
                          },
                          onError: () => toast({ title: t('feeds.loadError'), variant: 'destructive' }),
                        })
                      }
                    >
                      {t('feeds.regenerateConfirm')}
                    </Button>
                  </DialogFooter>
                </DialogContent>
              </Dialog>
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
