import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card, CardContent } from '#client/components/ui/card';
import { Spinner } from '#client/components/ui/spinner';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { useAcceptInvite } from '../api/orgs';

/** /team/join?token=…: the invited member accepts (or hears why they cannot). */
export function InviteAcceptScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const accept = useAcceptInvite();
  const done = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => {
    if (accept.isSuccess) done.current?.focus();
  }, [accept.isSuccess]);

  return (
    <Card className="max-w-2xl">
      <CardContent className="grid gap-4 pt-6">
        {token === '' ? (
          <Alert variant="destructive" role="alert">
            <AlertTitle>{t('team.invitePage.failed')}</AlertTitle>
            <AlertDescription>{t('team.invitePage.missing')}</AlertDescription>
          </Alert>
        ) : accept.isSuccess ? (
          <div className="grid gap-3">
            <h2 ref={done} tabIndex={-1} className="flex items-center gap-2 font-semibold outline-none">
              <CheckCircle2 aria-hidden="true" className="size-5 text-success" />
              {t('team.invitePage.accepted')}
            </h2>
            <Button asChild className="w-fit">
              <Link to="/team">{t('team.invitePage.open')}</Link>
            </Button>
          </div>
        ) : (
          <>
            {accept.isError && (
              <Alert variant="destructive" role="alert">
                <AlertTitle>{t('team.invitePage.failed')}</AlertTitle>
                <AlertDescription>
                  {apiErrorMessage(accept.error, t('common.tryAgainLater'))}
                </AlertDescription>
              </Alert>
            )}
            <Button className="w-fit" disabled={accept.isPending} onClick={() => accept.mutate(token)}>
              {accept.isPending && <Spinner />}
              {t('team.invitePage.accept')}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
