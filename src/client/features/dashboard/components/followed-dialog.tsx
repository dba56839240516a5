import { Link } from 'react-router';
import { Alert, AlertDescription } from '#client/components/ui/alert';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog';
import { Skeleton } from '#client/components/ui/skeleton';
import { useTranslation } from '#client/i18n';
import { useFollowed } from '../api/get-followed';
import { useFormat } from '#client/lib/format';

/** The content of the Active Trackings dialog: the followed legislation, each a link to its page. */
export function FollowedDialogContent() {
  const { t } = useTranslation();
  const format = useFormat();
  const followed = useFollowed(1);
  return (
    <DialogContent className="max-w-xl">
      <DialogHeader>
        <DialogTitle>{t('dashboard.followedDialog.title')}</DialogTitle>
        <DialogDescription>{t('dashboard.followedDialog.description')}</DialogDescription>
      </DialogHeader>
      {followed.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : followed.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{t('dashboard.followedDialog.loadError')}</AlertDescription>
        </Alert>
      ) : followed.data.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('dashboard.followedDialog.empty')}</p>
      ) : (
        <ul className="grid max-h-[60dvh] gap-1 overflow-y-auto">
          {followed.data.data.map((item) => (
            <li key={item.id}>
              <Link
                to={`/legal-change/${item.id}`}
                className="flex flex-col gap-0.5 rounded-md px-3 py-2 hover:bg-accent focus-visible:bg-accent"
              >
                <span className="font-medium text-primary">{item.title}</span>
                <span className="text-xs text-muted-foreground">{format.date(item.itemDate)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DialogContent>
  );
}
