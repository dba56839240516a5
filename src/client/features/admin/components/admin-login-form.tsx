import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { ErrorSummary } from '#client/components/ui/error-summary';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Spinner } from '#client/components/ui/spinner';
import { dismissToast, toast } from '#client/components/ui/toast-store';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { useTranslation } from '#client/i18n';
import { ApiError, apiErrorMessage } from '#client/lib/api-client';
import type { SummaryItem } from '#client/lib/form-errors';
import { useAdminLogin } from '../api/admin-login';

const FIELD_IDS = { password: 'admin-password' };

/**
 * One field, checked here as the shared schema does (present; the server checks the rest), so the
 * console's first screen needs no schema library.
 */

export function AdminLoginForm({ onAuthenticated }: { onAuthenticated: () => void }) {
  const { t } = useTranslation();
  const login = useAdminLogin();
  const [password, setPassword] = useState('');
  const [submitCount, setSubmitCount] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const summary: SummaryItem[] = error ? [{ fieldId: FIELD_IDS.password, message: error }] : [];
  const pending = login.isPending;
  useDocumentTitle(t('admin.login.title'), { error: summary.length > 0 });

  const requiredMessage = () => t(['validation.password.required', 'validation.required']);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitCount((n) => n + 1);
    if (password === '') {
      setError(requiredMessage());
      return;
    }
    setError(undefined);
    login.mutate(
      { password },
      {
        onSuccess: () => {
          dismissToast();
          onAuthenticated();
        },
        onError: (error) => {
          const description =
            error instanceof ApiError && error.status === 401
              ? t('admin.login.invalidPassword')
              : apiErrorMessage(error, t('admin.login.failed'));
          toast({ title: t('admin.login.failedTitle'), description, variant: 'destructive' });
          setPassword('');
        },
      },
    );
  };

  return (
    <div className="container-page flex justify-center py-12 sm:py-20">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <span className="mb-1 inline-flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </span>
          <CardTitle as="h1" className="text-2xl">
            {t('admin.login.title')}
          </CardTitle>
          <CardDescription>{t('admin.login.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="grid gap-5">
            <ErrorSummary errors={summary} focusKey={submitCount} />
            <FormField id={FIELD_IDS.password} label={t('admin.login.password')} error={error}>
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  autoComplete="current-password"
                  name="password"
                  value={password}
                  onChange={(event) => {
                    setPassword(event.target.value);
                    if (error && event.target.value !== '') setError(undefined);
                  }}
                />
              )}
            </FormField>
            <Button type="submit" size="lg" className="w-full" disabled={pending}>
              {pending && <Spinner />}
              {pending ? t('admin.login.submitting') : t('admin.login.submit')}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
