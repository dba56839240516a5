import { ShieldCheck } from 'lucide-react';
import { adminLoginRequestSchema } from '#shared/schemas/auth';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { ErrorSummary } from '#client/components/ui/error-summary';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Spinner } from '#client/components/ui/spinner';
import { dismissToast, toast } from '#client/components/ui/toast-store';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { useZodForm } from '#client/hooks/use-zod-form';
import { useTranslation } from '#client/i18n';
import { ApiError, apiErrorMessage } from '#client/lib/api-client';
import { summaryItems } from '#client/lib/form-errors';
import { useAdminLogin } from '../api/admin-login';

const FIELD_IDS = { password: 'admin-password' };

export function AdminLoginForm({ onAuthenticated }: { onAuthenticated: () => void }) {
  const { t } = useTranslation();
  const login = useAdminLogin();
  const form = useZodForm(adminLoginRequestSchema, { defaultValues: { password: '' } });
  const { errors, submitCount } = form.formState;
  const summary = summaryItems(errors, FIELD_IDS);
  const pending = login.isPending;
  useDocumentTitle(t('admin.login.title'), { error: summary.length > 0 });

  const onSubmit = form.handleSubmit((values) => {
    login.mutate(values, {
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
        form.resetField('password');
      },
    });
  });

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
            <FormField
              id={FIELD_IDS.password}
              label={t('admin.login.password')}
              error={errors.password?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  autoComplete="current-password"
                  {...form.register('password')}
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
