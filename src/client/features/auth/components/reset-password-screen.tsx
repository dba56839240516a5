import { AlertCircle, CheckCircle2, KeyRound } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/auth-limits';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Card, CardContent } from '#client/components/ui/card';
import { FieldError } from '#client/components/ui/form-field';
import { Label } from '#client/components/ui/label';
import { Spinner } from '#client/components/ui/spinner';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { isInvalidResetToken, resetPassword } from '../api/reset-password';
import { PasswordInput } from './password-input';
import { PasswordStrengthMeter } from './password-strength-meter';

const REQUEST_NEW_LINK = '/auth?action=signin&view=forgot';
const SIGN_IN = '/auth?action=signin';

/** Invalid link → form → submitting → success (spec document 2 §2.3, §4). */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [done, setDone] = useState(false);
  if (!token) return <InvalidLink />;
  if (done) return <ResetSucceeded />;
  return <ResetForm token={token} onDone={() => setDone(true)} />;
}

function Frame({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <Card className="w-full max-w-md">
        <CardContent className="grid gap-5 p-6 pt-8">
          <div className="grid justify-items-center gap-3 text-center">
            {icon}
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          </div>
          {children}
        </CardContent>
      </Card>
    </div>
  );
}

function InvalidLink() {
  const { t } = useTranslation();
  useDocumentTitle(t('resetPassword.invalid.title'));
  return (
    <Frame
      title={t('resetPassword.invalid.title')}
      icon={
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <AlertCircle aria-hidden="true" className="size-6" />
        </span>
      }
    >
      <p className="text-center text-muted-foreground">{t('resetPassword.invalid.description')}</p>
      <Button asChild size="lg" className="w-full">
        <Link to={REQUEST_NEW_LINK}>{t('resetPassword.requestNewLink')}</Link>
      </Button>
    </Frame>
  );
}

function ResetSucceeded() {
  const { t } = useTranslation();
  useDocumentTitle(t('resetPassword.success.title'));
  return (
    <Frame
      title={t('resetPassword.success.title')}
      icon={
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-success/10 text-success">
          <CheckCircle2 aria-hidden="true" className="size-6" />
        </span>
      }
    >
      <p role="status" className="text-center text-muted-foreground">
        {t('resetPassword.success.description')}
      </p>
      <Button asChild size="lg" className="w-full">
        <Link to={SIGN_IN}>{t('resetPassword.success.goToSignIn')}</Link>
      </Button>
    </Frame>
  );
}

type Failure = { kind: 'invalidToken' } | { kind: 'message'; text: string };

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [leftNewPassword, setLeftNewPassword] = useState(false);

  const tooShort = [...newPassword].length < PASSWORD_MIN_LENGTH;
  const mismatch = confirmPassword.length > 0 && newPassword !== confirmPassword;
  const showTooShort = leftNewPassword && newPassword.length > 0 && tooShort;
  const canSubmit = !submitting && !tooShort && newPassword === confirmPassword;
  useDocumentTitle(t('resetPassword.form.title'), { error: failure !== null });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setFailure(null);
    setSubmitting(true);
    resetPassword({ token, newPassword }).then(
      () => {
        setSubmitting(false);
        onDone();
      },
      (error: unknown) => {
        setSubmitting(false);
        setFailure(
          isInvalidResetToken(error)
            ? { kind: 'invalidToken' }
            : { kind: 'message', text: apiErrorMessage(error, t('resetPassword.errors.failed')) },
        );
      },
    );
  };

  return (
    <Frame
      title={t('resetPassword.form.title')}
      icon={
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <KeyRound aria-hidden="true" className="size-6" />
        </span>
      }
    >
      <p className="text-center text-muted-foreground">{t('resetPassword.form.description')}</p>
      {failure && (
        <Alert variant="destructive" role="alert">
          <AlertCircle aria-hidden="true" />
          {failure.kind === 'invalidToken' ? (
            <>
              <AlertTitle>{t('resetPassword.invalid.title')}</AlertTitle>
              <AlertDescription>
                <p>{t('resetPassword.errors.invalidToken')}</p>
                <Link
                  to={REQUEST_NEW_LINK}
                  className="mt-1 inline-block font-medium underline underline-offset-2"
                >
                  {t('resetPassword.requestNewLink')}
                </Link>
              </AlertDescription>
            </>
          ) : (
            <AlertDescription>{failure.text}</AlertDescription>
          )}
        </Alert>
      )}
      <form noValidate method="post" onSubmit={onSubmit} className="grid gap-5">
        <div className="grid gap-2">
          <Label htmlFor="reset-new-password">{t('resetPassword.form.newPassword')}</Label>
          {showTooShort && (
            <FieldError
              id="reset-new-error"
              message={t('validation.newPassword.tooShort', { minimum: PASSWORD_MIN_LENGTH })}
            />
          )}
          <PasswordInput
            id="reset-new-password"
            name="newPassword"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            onBlur={() => setLeftNewPassword(true)}
            aria-invalid={showTooShort || undefined}
            aria-describedby={showTooShort ? 'reset-new-error reset-strength' : 'reset-strength'}
            toggleSubject={t('resetPassword.form.newPasswordSubject')}
          />
          <PasswordStrengthMeter id="reset-strength" password={newPassword} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="reset-confirm-password">{t('resetPassword.form.confirmPassword')}</Label>
          {mismatch && (
            <FieldError id="reset-confirm-error" message={t('validation.confirmPassword.custom')} />
          )}
          <PasswordInput
            id="reset-confirm-password"
            name="confirmPassword"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
            aria-invalid={mismatch || undefined}
            aria-describedby={mismatch ? 'reset-confirm-error' : undefined}
            toggleSubject={t('resetPassword.form.confirmPasswordSubject')}
          />
          <p className="sr-only" aria-live="polite">
            {mismatch ? t('validation.confirmPassword.custom') : ''}
          </p>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={!canSubmit}>
          {submitting && <Spinner />}
          {submitting ? t('resetPassword.form.submitting') : t('resetPassword.form.submit')}
        </Button>
        <Button asChild variant="ghost" className="justify-self-center">
          <Link to={SIGN_IN}>{t('auth.backToSignIn')}</Link>
        </Button>
      </form>
    </Frame>
  );
}
