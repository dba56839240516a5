import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '#shared/auth-limits';
import { Button } from '#client/components/ui/button';
import { ErrorSummary } from '#client/components/ui/error-summary';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Spinner } from '#client/components/ui/spinner';
import { useTranslation } from '#client/i18n';
import { Trans } from '#client/i18n/trans';
import { apiErrorMessage } from '#client/lib/api-client';
import { needsVerification, register } from '../api/register';
import { refreshSession } from '#client/lib/session/refresh-session';
import { useAuthForm } from '../lib/use-auth-form';
import { checkConfirmation, checkEmail, checkName, checkNewPassword } from '../lib/validate';
import { FormAlert } from './form-alert';
import { PasswordInput } from './password-input';
import { useReportErrors } from './use-report-errors';

const FIELD_IDS = {
  firstName: 'signup-first-name',
  lastName: 'signup-last-name',
  email: 'signup-email',
  password: 'signup-password',
  confirmPassword: 'signup-confirm-password',
};

/** What the form keeps when the member goes to the code step and comes back (passwords are not kept). */
export interface RegistrationDraft {
  firstName: string;
  lastName: string;
  email: string;
}

export interface SignUpFormProps {
  draft?: RegistrationDraft;
  onVerificationRequired: (
    pending: { tempUserId: string; emailKeptInOutbox: boolean } & RegistrationDraft,
  ) => void;
  onErrorsChange?: (hasErrors: boolean) => void;
}

export function SignUpForm({ draft, onVerificationRequired, onErrorsChange }: SignUpFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const { errors, summary, submitCount, isSubmitting, submitType, formProps } = useAuthForm({
    fieldIds: FIELD_IDS,
    // registration plus the confirmation field; a mismatch stops the request (spec document 1 §5)
    rules: (values) => ({
      firstName: checkName(values.firstName),
      lastName: checkName(values.lastName),
      email: checkEmail(values.email),
      password: checkNewPassword(values.password),
      confirmPassword: checkConfirmation(values.confirmPassword, values.password),
    }),
    onValid: async (values) => {
      setServerError(null);
      const pending = {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
      };
      try {
        const result = await register({ ...pending, password: values.password });
        if (needsVerification(result)) {
          onVerificationRequired({
            tempUserId: result.tempUserId,
            emailKeptInOutbox: result.emailKeptInOutbox === true,
            ...pending,
          });
          return;
        }
        if (!(await refreshSession(queryClient))) setServerError(t('auth.errors.sessionNotStarted'));
      } catch (error) {
        setServerError(apiErrorMessage(error, t('auth.errors.registrationFailed')));
      }
    },
  });
  useReportErrors(summary.length > 0 || serverError !== null, onErrorsChange);

  return (
    <form {...formProps} className="grid gap-5" aria-labelledby="signup-heading">
      <h2 id="signup-heading" className="sr-only">
        {t('auth.tabs.signUp')}
      </h2>
      <ErrorSummary errors={summary} focusKey={submitCount} />
      {serverError && <FormAlert message={serverError} />}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={FIELD_IDS.firstName} label={t('auth.fields.firstName')} error={errors.firstName}>
          {(control) => (
            <Input
              {...control}
              name="firstName"
              autoComplete="given-name"
              defaultValue={draft?.firstName ?? ''}
            />
          )}
        </FormField>
        <FormField id={FIELD_IDS.lastName} label={t('auth.fields.lastName')} error={errors.lastName}>
          {(control) => (
            <Input
              {...control}
              name="lastName"
              autoComplete="family-name"
              defaultValue={draft?.lastName ?? ''}
            />
          )}
        </FormField>
      </div>
      <FormField id={FIELD_IDS.email} label={t('auth.fields.email')} error={errors.email}>
        {(control) => (
          <Input
            {...control}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            defaultValue={draft?.email ?? ''}
          />
        )}
      </FormField>
      <FormField
        id={FIELD_IDS.password}
        label={t('auth.fields.password')}
        hint={t('auth.signUp.passwordHint', { minimum: PASSWORD_MIN_LENGTH })}
        error={errors.password}
      >
        {(control) => <PasswordInput {...control} name="password" autoComplete="new-password" />}
      </FormField>
      <FormField
        id={FIELD_IDS.confirmPassword}
        label={t('auth.fields.confirmPassword')}
        error={errors.confirmPassword}
      >
        {(control) => (
          <PasswordInput
            {...control}
            name="confirmPassword"
            autoComplete="new-password"
            toggleSubject={t('auth.password.confirmSubject')}
          />
        )}
      </FormField>
      <Button type={submitType} size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting && <Spinner />}
        {isSubmitting ? t('auth.signUp.submitting') : t('auth.signUp.submit')}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        <Trans
          i18nKey="auth.signUp.agreement"
          components={{
            terms: <Link to="/terms" className="font-medium text-primary underline underline-offset-2" />,
            privacy: <Link to="/privacy" className="font-medium text-primary underline underline-offset-2" />,
          }}
        />
      </p>
    </form>
  );
}
