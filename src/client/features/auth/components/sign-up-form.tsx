import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, registerRequestSchema } from '#shared/schemas/auth';
import { Button } from '#client/components/ui/button';
import { ErrorSummary } from '#client/components/ui/error-summary';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Spinner } from '#client/components/ui/spinner';
import { useZodForm } from '#client/hooks/use-zod-form';
import { useTranslation } from '#client/i18n';
import { Trans } from '#client/i18n/trans';
import { apiErrorMessage } from '#client/lib/api-client';
import { summaryItems } from '#client/lib/form-errors';
import { needsVerification, useRegister } from '../api/register';
import { refreshSession } from '../lib/session';
import { FormAlert } from './form-alert';
import { PasswordInput } from './password-input';
import { useReportErrors } from './use-report-errors';

/** Registration plus the confirmation field; a mismatch stops the request (spec document 1 §5). */
const signUpFormSchema = registerRequestSchema
  .extend({ confirmPassword: z.string().min(1) })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'] });

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
  onVerificationRequired: (pending: { tempUserId: string } & RegistrationDraft) => void;
  onErrorsChange?: (hasErrors: boolean) => void;
}

export function SignUpForm({ draft, onVerificationRequired, onErrorsChange }: SignUpFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const registration = useRegister();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useZodForm(signUpFormSchema, {
    defaultValues: {
      firstName: draft?.firstName ?? '',
      lastName: draft?.lastName ?? '',
      email: draft?.email ?? '',
      password: '',
      confirmPassword: '',
    },
  });
  const { errors, isSubmitting, submitCount } = form.formState;
  const summary = summaryItems(errors, FIELD_IDS);
  useReportErrors(summary.length > 0 || serverError !== null, onErrorsChange);

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    setServerError(null);
    try {
      const result = await registration.mutateAsync(values);
      if (needsVerification(result)) {
        onVerificationRequired({
          tempUserId: result.tempUserId,
          firstName: values.firstName,
          lastName: values.lastName,
          email: values.email,
        });
        return;
      }
      if (!(await refreshSession(queryClient))) setServerError(t('auth.errors.sessionNotStarted'));
    } catch (error) {
      setServerError(apiErrorMessage(error, t('auth.errors.registrationFailed')));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-labelledby="signup-heading">
      <h2 id="signup-heading" className="sr-only">
        {t('auth.tabs.signUp')}
      </h2>
      <ErrorSummary errors={summary} focusKey={submitCount} />
      {serverError && <FormAlert message={serverError} />}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id={FIELD_IDS.firstName}
          label={t('auth.fields.firstName')}
          error={errors.firstName?.message}
        >
          {(control) => <Input {...control} autoComplete="given-name" {...form.register('firstName')} />}
        </FormField>
        <FormField id={FIELD_IDS.lastName} label={t('auth.fields.lastName')} error={errors.lastName?.message}>
          {(control) => <Input {...control} autoComplete="family-name" {...form.register('lastName')} />}
        </FormField>
      </div>
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
      <FormField
        id={FIELD_IDS.password}
        label={t('auth.fields.password')}
        hint={t('auth.signUp.passwordHint', { minimum: PASSWORD_MIN_LENGTH })}
        error={errors.password?.message}
      >
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />
        )}
      </FormField>
      <FormField
        id={FIELD_IDS.confirmPassword}
        label={t('auth.fields.confirmPassword')}
        error={errors.confirmPassword?.message}
      >
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            toggleSubject={t('auth.password.confirmSubject')}
            {...form.register('confirmPassword')}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
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
