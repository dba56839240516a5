import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { ErrorSummary } from '#client/components/ui/error-summary';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Spinner } from '#client/components/ui/spinner';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { forgotPassword } from '../api/forgot-password';
import { useAuthForm } from '../lib/use-auth-form';
import { checkEmail } from '../lib/validate';
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
  const [serverError, setServerError] = useState<string | null>(null);
  const { errors, summary, submitCount, isSubmitting, submitType, formProps } = useAuthForm({
    fieldIds: FIELD_IDS,
    rules: (values) => ({ email: checkEmail(values.email) }),
    onValid: async (values) => {
      setServerError(null);
      const email = values.email.trim();
      try {
        await forgotPassword({ email });
        onSent(email);
      } catch (error) {
        setServerError(apiErrorMessage(error, t('auth.errors.resetEmailFailed')));
      }
    },
  });
  useReportErrors(summary.length > 0 || serverError !== null, onErrorsChange);

  return (
    <form {...formProps} className="grid gap-5">
      <p className="text-sm text-muted-foreground">{t('auth.forgot.intro')}</p>
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
      <Button type={submitType} size="lg" disabled={isSubmitting} className="w-full">
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
