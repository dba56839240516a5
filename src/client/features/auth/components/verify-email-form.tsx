import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { ErrorSummary } from '#client/components/ui/error-summary';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Spinner } from '#client/components/ui/spinner';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { resendCode } from '../api/resend-code';
import { verifyEmail } from '../api/verify-email';
import { markNewMember } from '#client/lib/session/new-member';
import { refreshSession } from '#client/lib/session/refresh-session';
import { useAuthForm } from '../lib/use-auth-form';
import { checkVerificationCode } from '../lib/validate';
import { FormAlert } from './form-alert';
import { useReportErrors } from './use-report-errors';

const FIELD_IDS = { verificationCode: 'verify-code' };

export interface VerifyEmailFormProps {
  tempUserId: string;
  email: string;
  /** the server sends no email: the code is kept in the outbox, read in the admin console */
  emailKeptInOutbox?: boolean;
  onBack: () => void;
  onErrorsChange?: (hasErrors: boolean) => void;
}

export function VerifyEmailForm({
  tempUserId,
  email,
  emailKeptInOutbox = false,
  onBack,
  onErrorsChange,
}: VerifyEmailFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const { errors, summary, submitCount, isSubmitting, submitType, formProps } = useAuthForm({
    fieldIds: FIELD_IDS,
    rules: (values) => ({ verificationCode: checkVerificationCode(values.verificationCode) }),
    onValid: async (values) => {
      setServerError(null);
      try {
        await verifyEmail({ tempUserId, verificationCode: values.verificationCode.trim() });
        markNewMember();
        if (!(await refreshSession(queryClient))) setServerError(t('auth.errors.sessionNotStarted'));
      } catch (error) {
        setServerError(apiErrorMessage(error, t('auth.errors.verificationFailed')));
      }
    },
  });
  useReportErrors(summary.length > 0 || serverError !== null, onErrorsChange);

  const onResend = async () => {
    setServerError(null);
    setResending(true);
    try {
      await resendCode({ tempUserId });
      toast({
        title: t('auth.verify.resent.title'),
        description: emailKeptInOutbox
          ? t('auth.verify.keptInOutbox', { email })
          : t('auth.verify.resent.description', { email }),
        variant: 'success',
      });
    } catch (error) {
      setServerError(apiErrorMessage(error, t('auth.errors.resendFailed')));
    } finally {
      setResending(false);
    }
  };

  return (
    <form {...formProps} className="grid gap-5">
      {emailKeptInOutbox ? (
        <p
          className="rounded-md border border-dashed p-3 text-sm break-words"
          data-testid="verify-outbox-note"
        >
          {t('auth.verify.keptInOutbox', { email })}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          {t('auth.verify.sentTo')}{' '}
          <strong className="font-semibold text-foreground break-all">{email}</strong>
        </p>
      )}
      <ErrorSummary errors={summary} focusKey={submitCount} />
      {serverError && <FormAlert message={serverError} />}
      <FormField
        id={FIELD_IDS.verificationCode}
        label={t('auth.verify.codeLabel')}
        hint={emailKeptInOutbox ? undefined : t('auth.verify.codeHint')}
        error={errors.verificationCode}
      >
        {(control) => (
          <Input
            {...control}
            name="verificationCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            spellCheck={false}
            className="max-w-48 text-lg tracking-[0.3em]"
          />
        )}
      </FormField>
      <Button type={submitType} size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting && <Spinner />}
        {isSubmitting ? t('auth.verify.submitting') : t('auth.verify.submit')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="ghost" onClick={onBack} className="-ms-2">
          <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
          {t('auth.verify.back')}
        </Button>
        <Button
          type="button"
          variant="link"
          onClick={() => void onResend()}
          disabled={resending}
          className="px-2"
        >
          {resending && <Spinner />}
          {t('auth.verify.resend')}
        </Button>
      </div>
    </form>
  );
}
