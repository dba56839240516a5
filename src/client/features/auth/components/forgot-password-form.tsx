import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { forgotPasswordRequestSchema } from '#shared/schemas/auth';
import { Button } from '#client/components/ui/button';
import { ErrorSummary } from '#client/components/ui/error-summary';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Spinner } from '#client/components/ui/spinner';
import { useZodForm } from '#client/hooks/use-zod-form';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { summaryItems } from '#client/lib/form-errors';
import { useForgotPassword } from '../api/forgot-password';
import { FormAlert } from './form-alert';
import { useReportErrors } from './use-report-errors';

const FIELD_IDS = { email: 'forgot-email' };

export interface ForgotPasswordFormProps {
  onSent: (email: string) => void;
  onBack: () => void;
  onErrorsChange?: (hasErrors: boolean) => void;
}

export function ForgotPasswordForm({ onSent, onBack, onErrorsChange }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useZodForm(forgotPasswordRequestSchema, { defaultValues: { email: '' } });
  const { errors, isSubmitting, submitCount } = form.formState;
  const summary = summaryItems(errors, FIELD_IDS);
  useReportErrors(summary.length > 0 || serverError !== null, onErrorsChange);

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await forgot.mutateAsync(values);
      onSent(values.email);
    } catch (error) {
      setServerError(apiErrorMessage(error, t('auth.errors.resetEmailFailed')));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <p className="text-sm text-muted-foreground">{t('auth.forgot.intro')}</p>
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
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting && <Spinner />}
        {isSubmitting ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack} className="justify-self-center">
        <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
        {t('auth.backToSignIn')}
      </Button>
    </form>
  );
}
