import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { ErrorSummary } from '#client/components/ui/error-summary';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { Spinner } from '#client/components/ui/spinner';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { login } from '../api/login';
import { refreshSession } from '#client/lib/session/refresh-session';
import { useAuthForm } from '../lib/use-auth-form';
import { checkCurrentPassword, checkEmail } from '../lib/validate';
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
  const [serverError, setServerError] = useState<string | null>(null);
  const { errors, summary, submitCount, isSubmitting, submitType, formProps } = useAuthForm({
    fieldIds: FIELD_IDS,
    rules: (values) => ({ email: checkEmail(values.email), password: checkCurrentPassword(values.password) }),
    onValid: async (values, form) => {
      setServerError(null);
      const keep = form.elements.namedItem('keepLoggedIn');
      try {
        await login({
          email: values.email.trim(),
          password: values.password,
          keepLoggedIn: keep instanceof HTMLInputElement && keep.checked,
        });
        if (!(await refreshSession(queryClient))) setServerError(t('auth.errors.sessionNotStarted'));
      } catch (error) {
        setServerError(apiErrorMessage(error, t('auth.errors.loginFailed')));
      }
    },
  });

  useReportErrors(summary.length > 0 || serverError !== null, onErrorsChange);

  return (
    <form {...formProps} className="grid gap-5" aria-labelledby="signin-heading">
      <h2 id="signin-heading" className="sr-only">
        {t('auth.tabs.signIn')}
      </h2>
      <ErrorSummary errors={summary} focusKey={submitCount} />
      {serverError && <FormAlert message={serverError} />}
      <FormField id={FIELD_IDS.email} label={t('auth.fields.email')} error={errors.email}>
        {(control) => (
          <Input
            {...control}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
          />
        )}
      </FormField>
      <FormField id={FIELD_IDS.password} label={t('auth.fields.password')} error={errors.password}>
        {(control) => <PasswordInput {...control} name="password" autoComplete="current-password" />}
      </FormField>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id="signin-keep"
          name="keepLoggedIn"
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded-sm accent-primary"
        />
        <Label htmlFor="signin-keep" className="leading-snug font-normal">
          {t('auth.signIn.keepLoggedIn')}
        </Label>
      </div>
      <Button type={submitType} size="lg" disabled={isSubmitting} className="w-full">
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
