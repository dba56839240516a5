import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, AlertDescription } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Spinner } from '#client/components/ui/spinner';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { useTranslation } from '#client/i18n';
import { ApiError, apiErrorMessage } from '#client/lib/api-client';
import { ADMIN_INVITE_TOKEN_PATTERN } from '#shared/admin-admins';
import { PASSWORD_MIN_LENGTH } from '#shared/auth-limits';
import { useAcceptInvite, useTotpSetup } from '../../api/admins';
import { StepCard } from './step-card';
import { RecoveryCodesStep, TotpStep } from './totp-steps';

function PasswordStep({ token, onAccepted }: { token: string; onAccepted: () => void }) {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.accept.title'));
  const accept = useAcceptInvite();
  const probe = useTotpSetup();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [linkInvalid, setLinkInvalid] = useState(!ADMIN_INVITE_TOKEN_PATTERN.test(token));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if ([...password].length < PASSWORD_MIN_LENGTH)
      return setError(t('validation.newPassword.tooShort', { minimum: PASSWORD_MIN_LENGTH }));
    accept.mutate(
      { token, password },
      {
        onSuccess: onAccepted,
        onError: (failure) => {
          if (!(failure instanceof ApiError && failure.code === 'admin_invite_invalid'))
            return setError(apiErrorMessage(failure, t('admin.accept.failed')));
          // the link was used: by this browser (reloaded while enrolling), whose session may go on
          probe.mutate(undefined, { onSuccess: onAccepted, onError: () => setLinkInvalid(true) });
        },
      },
    );
  };
  return (
    <StepCard title={t('admin.accept.title')} description={t('admin.accept.description')}>
      {linkInvalid ? (
        <Alert variant="destructive">
          <AlertDescription>{t('admin.accept.invalidLink')}</AlertDescription>
        </Alert>
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-5">
          <FormField
            id="admin-accept-password"
            label={t('admin.accept.password')}
            hint={t('admin.accept.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            error={error}
          >
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  if (error) setError(undefined);
                }}
              />
            )}
          </FormField>
          <Button type="submit" size="lg" className="w-full" disabled={accept.isPending || probe.isPending}>
            {accept.isPending && <Spinner />}
            {t('admin.accept.submit')}
          </Button>
        </form>
      )}
    </StepCard>
  );
}

/**
 * The page an invite email links to: choose a password, enrol the TOTP second factor (QR code,
 * otpauth URL and the key for manual entry), then the recovery codes, shown once.
 */
export function AcceptInviteScreen({ onDone }: { onDone: () => void }) {
  const [params] = useSearchParams();
  const [token] = useState(() => params.get('token') ?? '');
  const [step, setStep] = useState<'password' | 'totp' | 'codes'>('password');
  const [codes, setCodes] = useState<string[]>([]);
  if (step === 'password') return <PasswordStep token={token} onAccepted={() => setStep('totp')} />;
  if (step === 'totp')
    return (
      <TotpStep
        onVerified={(recoveryCodes) => {
          setCodes(recoveryCodes);
          setStep('codes');
        }}
      />
    );
  return <RecoveryCodesStep codes={codes} onDone={onDone} />;
}
