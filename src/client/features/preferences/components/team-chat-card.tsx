import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { planAllowsWebhooks, type TeamChatKind, WEBHOOK_KINDS, type WebhookKind } from '#shared/team-chat';
import { Alert, AlertDescription } from '#client/components/ui/alert';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { Skeleton } from '#client/components/ui/skeleton';
import { toast } from '#client/components/ui/use-toast';
import { useAuth } from '#client/lib/session/use-auth';
import { useTranslation } from '#client/i18n';
import { serverFieldErrors } from '#client/lib/form-errors';
import { apiErrorMessage } from '#client/lib/api-client';
import { useAddWebhook, useDeleteWebhook, useWebhooks } from '../api/webhooks';
import { SigningSecretPanel } from './signing-secret-panel';

/** Product names, not translated (the generic kind's name is: `channels.webhooks.generic`). */
export const WEBHOOK_KIND_NAMES: Record<TeamChatKind, string> = { slack: 'Slack', teams: 'Microsoft Teams' };

const PLACEHOLDERS: Record<WebhookKind, string> = {
  slack: 'https://hooks.slack.com/services/…',
  teams: 'https://….webhook.office.com/…',
  generic: 'https://example.com/webhooks/lexwatch',
};

/**
 * Webhooks: add a Slack or Teams incoming webhook, or a program's endpoint for signed JSON events
 * (its signing secret shown once), on paid plans; see each hook's state, remove it.
 */
export function TeamChatCard() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const allowed = user ? planAllowsWebhooks(user.subscriptionTier) : false;
  const hooks = useWebhooks();
  const add = useAddWebhook();
  const remove = useDeleteWebhook();
  const [kind, setKind] = useState<WebhookKind>('slack');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [secret, setSecret] = useState<string | null>(null);
  const kindName = (k: WebhookKind) =>
    k === 'generic' ? t('channels.webhooks.generic') : WEBHOOK_KIND_NAMES[k];

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (url.trim() === '') {
      setError(t('preferences.webhooks.required'));
      return;
    }
    setError(undefined);
    add.mutate(
      { url: url.trim(), kind },
      {
        onSuccess: (created) => {
          setUrl('');
          setSecret(created.secret ?? null);
          toast({ variant: 'success', title: t('preferences.webhooks.added') });
        },
        onError: (err) =>
          setError(
            serverFieldErrors(err, ['url']).url ?? apiErrorMessage(err, t('preferences.webhooks.addError')),
          ),
      },
    );
  };

  const list = hooks.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('preferences.webhooks.title')}</CardTitle>
        <CardDescription>{t('preferences.webhooks.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {allowed ? (
          <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
            <div className="grid w-full gap-2 sm:w-auto">
              <Label htmlFor="webhook-kind">{t('preferences.webhooks.kind')}</Label>
              <select
                id="webhook-kind"
                value={kind}
                onChange={(e) => setKind(e.target.value as WebhookKind)}
                className="h-10 rounded-md border border-input bg-card px-3 text-sm"
              >
                {WEBHOOK_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {kindName(k)}
                  </option>
                ))}
              </select>
            </div>
            <FormField
              id="webhook-url"
              label={kind === 'generic' ? t('channels.webhooks.endpointUrl') : t('preferences.webhooks.url')}
              error={error}
              className="min-w-0 flex-1 basis-64"
            >
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  value={url}
                  placeholder={PLACEHOLDERS[kind]}
                  onChange={(e) => {
                    setUrl(e.target.value);
                    if (error) setError(undefined);
                  }}
                />
              )}
            </FormField>
            <Button type="submit" disabled={add.isPending}>
              <Plus aria-hidden="true" />
              {t('preferences.webhooks.add')}
            </Button>
            {kind === 'generic' && (
              <p className="w-full text-sm text-muted-foreground">{t('channels.webhooks.genericHint')}</p>
            )}
          </form>
        ) : (
          <Alert variant="info">
            <AlertDescription className="flex flex-wrap items-center gap-3">
              {t('preferences.webhooks.paidOnly')}
              <Link to="/upgrade" className="font-medium text-primary underline underline-offset-4">
                {t('billing.manage.upgrade')}
              </Link>
            </AlertDescription>
          </Alert>
        )}

        {secret && <SigningSecretPanel secret={secret} onDone={() => setSecret(null)} />}

        {hooks.isLoading ? (
          <div aria-busy="true">
            <span className="sr-only">{t('common.loading')}</span>
            <Skeleton className="h-12 w-full" />
          </div>
        ) : hooks.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription className="flex flex-wrap items-center gap-3">
              {t('preferences.webhooks.loadFailed')}
              <Button variant="outline" size="sm" onClick={() => void hooks.refetch()}>
                {t('alertPreferences.retry')}
              </Button>
            </AlertDescription>
          </Alert>
        ) : list.length === 0 ? (
          allowed && <p className="text-sm text-muted-foreground">{t('preferences.webhooks.empty')}</p>
        ) : (
          <ul className="grid gap-2" aria-label={t('preferences.webhooks.title')}>
            {list.map((hook) => (
              <li
                key={hook.id}
                className="flex items-start gap-3 rounded-lg border p-2 ps-3"
                data-webhook={hook.id}
              >
                <div className="grid min-w-0 flex-1 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="text-sm font-medium">{kindName(hook.kind)}</span>
                    <Badge variant={hook.status === 'active' ? 'success' : 'destructive'}>
                      {t(`preferences.webhooks.${hook.status}`)}
                    </Badge>
                  </div>
                  <code className="text-xs break-all text-muted-foreground">{hook.maskedUrl}</code>
                  {hook.lastError && (
                    <p className="text-xs break-words text-destructive-strong">
                      {t('preferences.webhooks.lastError', { error: hook.lastError })}
                    </p>
                  )}
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('preferences.webhooks.remove', { url: hook.maskedUrl })}
                  disabled={remove.isPending && remove.variables === hook.id}
                  onClick={() =>
                    remove.mutate(hook.id, {
                      onError: (err) =>
                        toast({
                          variant: 'destructive',
                          title: apiErrorMessage(err, t('preferences.webhooks.loadFailed')),
                        }),
                    })
                  }
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
