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

const FIELD_IDS = { email: 'admin-email', password: 'admin-password', totp: 'admin-totp' };
type Field = keyof typeof FIELD_IDS;

/**
 * The owner gives the password alone; a named administrator also gives their email and the code
 * of their authenticator app (or a recovery code). Checked here as the shared schema does
 * (present; the server checks the rest), so the console's first screen needs no schema library.
 */
export function AdminLoginForm({ onAuthenticated }: { onAuthenticated: () => void }) {
  const { t } = useTranslation();
  const login = useAdminLogin();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '', totp: '' });
  const [submitCount, setSubmitCount] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const summary: SummaryItem[] = (Object.keys(FIELD_IDS) as Field[])
    .filter((field) => errors[field])
    .map((field) => ({ fieldId: FIELD_IDS[field], message: errors[field]! }));
  const pending = login.isPending;
  useDocumentTitle(t('admin.login.title'), { error: summary.length > 0 });

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field] && value !== '') setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitCount((n) => n + 1);
    const email = values.email.trim();
    const totp = values.totp.trim();
    const found: Partial<Record<Field, string>> = {};
    if (values.password === '') found.password = t(['validation.password.required', 'validation.required']);
    if (email !== '' && totp === '') found.totp = t('admin.login.codeRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    login.mutate(email === '' ? { password: values.password } : { email, password: values.password, totp }, {
      onSuccess: () => {
        dismissToast();
        onAuthenticated();
      },
      onError: (error) => {
        const description =
          error instanceof ApiError && error.status === 401
            ? t(email === '' ? 'admin.login.invalidPassword' : 'admin.login.invalidCredentials')
            : apiErrorMessage(error, t('admin.login.failed'));
        toast({ title: t('admin.login.failedTitle'), description, variant: 'destructive' });
        setValues((v) => ({ ...v, password: '', totp: '' }));
      },
    });
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
            <FormField id={FIELD_IDS.email} label={t('admin.login.email')} error={errors.email}>
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  autoComplete="username"
                  name="email"
                  value={values.email}
                  onChange={(event) => set('email', event.target.value)}
                />
              )}
            </FormField>
            <FormField id={FIELD_IDS.password} label={t('admin.login.password')} error={errors.password}>
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  autoComplete="current-password"
                  name="password"
                  value={values.password}
                  onChange={(event) => set('password', event.target.value)}
                />
              )}
            </FormField>
            <FormField
              id={FIELD_IDS.totp}
              label={t('admin.login.code')}
              hint={t('admin.login.codeHint')}
              error={errors.totp}
            >
              {(control) => (
                <Input
                  {...control}
                  autoComplete="one-time-code"
                  spellCheck={false}
                  name="totp"
                  value={values.totp}
                  onChange={(event) => set('totp', event.target.value)}
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
