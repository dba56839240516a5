import { BookOpen } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { QueryState } from '#client/components/query-state';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { useServerFieldErrors } from '#client/lib/form-errors';
import { API_KEY_NAME_MAX, canUseApi } from '#shared/api-keys';
import type { ApiKeyCreated } from '#shared/schemas/api-keys';
import type { SubscriptionTier } from '#shared/tiers';
import { useApiKeys, useCreateApiKey } from '../api/api-keys';
import { ApiKeyList } from './api-key-list';
import { NewKeyPanel } from './new-key-panel';

const FIELDS = ['name', 'scopes'] as const;

/** Settings → Developers: create a key (shown once), list and revoke keys; paid plans only. */
export function DevelopersCard({ tier }: { tier: SubscriptionTier }) {
  const { t } = useTranslation();
  const allowed = canUseApi(tier);
  const keys = useApiKeys(allowed);
  const create = useCreateApiKey();
  const fieldErrors = useServerFieldErrors(FIELDS);
  const [name, setName] = useState('');
  const [write, setWrite] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const accessId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    fieldErrors.clear();
    create.mutate(
      { name: name.trim(), scopes: write ? ['read', 'write'] : ['read'] },
      {
        onSuccess: (made) => {
          setCreated(made);
          setName('');
          setWrite(false);
        },
        onError: (error) => fieldErrors.refused(error),
      },
    );
  };
  return (
    <Card id="developers">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle as="h2">{t('developers.card.title')}</CardTitle>
          <CardDescription>{t('developers.card.description')}</CardDescription>
        </div>
        <Link
          to="/developers"
          className="inline-flex items-center gap-2 text-primary underline underline-offset-4"
        >
          <BookOpen aria-hidden="true" className="size-4" />
          {t('developers.card.docsLink')}
        </Link>
      </CardHeader>
      <CardContent className="grid gap-6">
        {!allowed ? (
          <Alert variant="info">
            <AlertDescription className="flex flex-wrap items-center gap-3">
              <span>{t('developers.card.planRequired')}</span>
              <Link to="/upgrade" className="font-medium underline underline-offset-4">
                {t('developers.card.choosePlan')}
              </Link>
            </AlertDescription>
          </Alert>
        ) : (
          <>
            {created ? <NewKeyPanel created={created} onDone={() => setCreated(null)} /> : null}
            <form onSubmit={submit} className="grid gap-4" aria-label={t('developers.card.createTitle')}>
              <h3 className="font-medium">{t('developers.card.createTitle')}</h3>
              <FormField
                id="api-key-name"
                label={t('developers.card.name')}
                hint={t('developers.card.nameHint')}
                error={fieldErrors.errors.name}
              >
                {(control) => (
                  <Input
                    {...control}
                    required
                    maxLength={API_KEY_NAME_MAX}
                    autoComplete="off"
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                    className="max-w-md"
                  />
                )}
              </FormField>
              <fieldset
                className="grid gap-2"
                aria-describedby={fieldErrors.errors.scopes ? accessId : undefined}
              >
                <legend className="mb-1 text-sm font-medium">{t('developers.card.access')}</legend>
                {[false, true].map((value) => (
                  <label key={String(value)} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="api-key-access"
                      className="size-4 accent-primary"
                      checked={write === value}
                      onChange={() => setWrite(value)}
                    />
                    {value ? t('developers.card.scopeWrite') : t('developers.card.scopeRead')}
                  </label>
                ))}
                {fieldErrors.errors.scopes ? (
                  <p id={accessId} className="text-sm text-destructive-strong">
                    {fieldErrors.errors.scopes}
                  </p>
                ) : null}
              </fieldset>
              <div>
                <Button type="submit" disabled={!name.trim() || create.isPending}>
                  {t('developers.card.create')}
                </Button>
              </div>
              {create.isError && !fieldErrors.errors.name ? (
                <p role="alert" className="text-sm text-destructive-strong">
                  {apiErrorMessage(create.error, t('developers.card.failed'))}
                </p>
              ) : null}
            </form>
            <section className="grid gap-3" aria-labelledby="api-keys-heading">
              <h3 id="api-keys-heading" className="font-medium">
                {t('developers.card.listTitle')}
              </h3>
              <QueryState query={keys}>{(data) => <ApiKeyList keys={data.keys} />}</QueryState>
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}
