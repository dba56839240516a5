import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { useFormat } from '#client/lib/format';
import type { ApiKeySummary } from '#shared/schemas/api-keys';
import { useRevokeApiKey } from '../api/api-keys';

/** The member's working keys: name, visible prefix, access, creation and last use; revoke one. */
export function ApiKeyList({ keys }: { keys: ApiKeySummary[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState<ApiKeySummary | null>(null);
  if (!keys.length) return <p className="text-sm text-muted-foreground">{t('developers.card.empty')}</p>;
  const confirm = () => {
    if (!confirming) return;
    revoke.mutate(confirming.id, {
      onSuccess: () => {
        setConfirming(null);
        toast({ title: t('developers.card.revoked') });
      },
      onError: (error) =>
        toast({ title: apiErrorMessage(error, t('developers.card.failed')), variant: 'destructive' }),
    });
  };
  return (
    <>
      <ul className="grid divide-y rounded-md border" aria-label={t('developers.card.listTitle')}>
        {keys.map((key) => (
          <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="grid min-w-0 gap-1">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <KeyRound aria-hidden="true" className="size-4 text-muted-foreground" />
                <span className="break-all">{key.name}</span>
                {key.scopes.map((scope) => (
                  <Badge key={scope} variant={scope === 'write' ? 'warning' : 'secondary'}>
                    {t(`developers.card.scopes.${scope}`)}
                  </Badge>
                ))}
              </p>
              <p className="font-mono text-sm break-all text-muted-foreground">{key.prefix}…</p>
              <p className="text-sm text-muted-foreground">
                {t('developers.card.created', { date: format.dateTime(key.createdAt) })}
                {' · '}
                {key.lastUsedAt
                  ? t('developers.card.lastUsed', { date: format.dateTime(key.lastUsedAt) })
                  : t('developers.card.neverUsed')}
              </p>
            </div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={t('developers.card.revokeLabel', { name: key.name })}
              onClick={() => setConfirming(key)}
            >
              {t('developers.card.revoke')}
            </Button>
          </li>
        ))}
      </ul>
      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('developers.card.revokeTitle', { name: confirming?.name ?? '' })}</DialogTitle>
            <DialogDescription>{t('developers.card.revokeText')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setConfirming(null)}>
              {t('developers.card.cancel')}
            </Button>
            <Button type="button" variant="destructive" disabled={revoke.isPending} onClick={confirm}>
              {t('developers.card.revoke')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
