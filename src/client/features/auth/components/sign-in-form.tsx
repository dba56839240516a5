import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { loginRequestSchema } from '#shared/schemas/auth';
import { Button } from '#client/components/ui/button';
import { Checkbox } from '#client/components/ui/checkbox';
import { ErrorSummary } from '#client/components/ui/error-summary';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { Spinner } from '#client/components/ui/spinner';
import { useZodForm } from '#client/hooks/use-zod-form';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { summaryItems } from '#client/lib/form-errors';
import { useLogin } from '../api/login';
import { refreshSession } from '../lib/session';
import { FormAlert } from './form-alert';
import { PasswordInput } from './password-input';
import { useReportErrors } from './use-report-errors';

const FIELD_IDS = { email: 'signin-email', password: 'signin-password' };

export function SignInForm({
  onForgotPassword,
  onErrorsChange,
}: {
  onForgotPassword: () => void;
  onErrorsChange?: (hasErrors: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const login = useLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useZodForm(loginRequestSchema, {
    defaultValues: { email: '', password: '', keepLoggedIn: false },
  });
  const { errors, isSubmitting, submitCount } = form.formState;
  const summary = summaryItems(errors, FIELD_IDS);

  useReportErrors(summary.length > 0 || serverError !== null, onErrorsChange);

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await login.mutateAsync(values);
      if (!(await refreshSession(queryClient))) setServerError(t('auth.errors.sessionNotStarted'));
    } catch (error) {
      setServerError(apiErrorMessage(error, t('auth.errors.loginFailed')));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-labelledby="signin-heading">
      <h2 id="signin-heading" className="sr-only">
        {t('auth.tabs.signIn')}
      </h2>
      <ErrorSummary errors={summary} focusKey={submitCount} />
      {serverError && <FormAlert message={serverError} />}
      <FormField id={FIELD_IDS.email} label={t('auth.fields.email')} error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            {...form.register('email')}
          />
        )}
      </FormField>
      <FormField id={FIELD_IDS.password} label={t('auth.fields.password')} error={errors.password?.message}>
        {(control) => (
          <PasswordInput {...control} autoComplete="current-password" {...form.register('password')} />
        )}
      </FormField>
      <div className="flex items-start gap-3">
        <Controller
          control={form.control}
          name="keepLoggedIn"
          render={({ field }) => (
            <Checkbox
              id="signin-keep"
              name={field.name}
              ref={field.ref}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              className="mt-0.5"
            />
          )}
        />
        <Label htmlFor="signin-keep" className="leading-snug font-normal">
          {t('auth.signIn.keepLoggedIn')}
        </Label>
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting && <Spinner />}
        {isSubmitting ? t('auth.signIn.submitting') : t('auth.signIn.submit')}
      </Button>
      <Button
        type="button"
        variant="link"
        className="h-auto justify-self-center p-1"
        onClick={onForgotPassword}
      >
        {t('auth.signIn.forgotPassword')}
      </Button>
    </form>
  );
}
