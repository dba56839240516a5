import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { TextField } from '#client/components/ui/form-field';
import { Spinner } from '#client/components/ui/spinner';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { useAuth } from '#client/lib/session/use-auth';
import { useCreateOrg } from '../api/orgs';

/** No organisation yet: a Premium member names one; others learn it comes with Premium. */
export function CreateOrgCard() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const create = useCreateOrg();
  const [name, setName] = useState('');
  const premium = user?.subscriptionTier === 'premium';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '') create.mutate(name.trim());
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('team.create.title')}</CardTitle>
        <CardDescription>{t('team.create.text')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!premium && (
          <Alert variant="info">
            <AlertTitle>{t('team.create.premiumTitle')}</AlertTitle>
            <AlertDescription className="grid gap-2">
              <p>{t('team.create.premiumText')}</p>
              <Link to="/upgrade" className="w-fit text-primary underline underline-offset-4">
                {t('team.create.upgrade')}
              </Link>
            </AlertDescription>
          </Alert>
        )}
        <form onSubmit={submit} className="grid max-w-md gap-4" aria-describedby="create-org-error">
          <TextField
            id="org-name"
            label={t('team.create.name')}
            value={name}
            onValueChange={setName}
            required
            maxLength={120}
            autoComplete="organization"
            disabled={!premium}
          />
          <div id="create-org-error" role="alert">
            {create.isError && (
              <p className="text-sm font-medium text-destructive">
                {apiErrorMessage(create.error, t('team.create.failed'))}
              </p>
            )}
          </div>
          <Button type="submit" className="w-fit" disabled={!premium || create.isPending}>
            {create.isPending && <Spinner />}
            {t('team.create.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
