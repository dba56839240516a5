import { Copy } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Skeleton } from '#client/components/ui/skeleton';
import { Spinner } from '#client/components/ui/spinner';
import { toast } from '#client/components/ui/toast-store';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { useTranslation } from '#client/i18n';
import { ApiError, apiErrorMessage } from '#client/lib/api-client';
import { TOTP_CODE_PATTERN } from '#shared/admin-admins';
import { useTotpSetup, useTotpVerify } from '../../api/admins';
import { StepCard } from './step-card';
import { QrCode } from './qr-code';

/** The second factor: a new secret as a QR code, its otpauth URL and key, and the first code. */
export function TotpStep({ onVerified }: { onVerified: (recoveryCodes: string[]) => void }) {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.accept.totpTitle'));
  const setup = useTotpSetup();
  const verify = useTotpVerify();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { mutate: startSetup } = setup;
  useEffect(() => startSetup(), [startSetup]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!TOTP_CODE_PATTERN.test(value)) return setError(t('admin.accept.wrongCode'));
    verify.mutate(value, {
      onSuccess: (answer) => onVerified(answer.recoveryCodes),
      onError: (failure) =>
        setError(
          failure instanceof ApiError && failure.code === 'totp_invalid'
            ? t('admin.accept.wrongCode')
            : apiErrorMessage(failure, t('admin.accept.failed')),
        ),
    });
  };
  const data = setup.data;
  return (
    <StepCard title={t('admin.accept.totpTitle')} description={t('admin.accept.totpDescription')}>
      {setup.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {apiErrorMessage(setup.error, t('admin.accept.failed'))}
        </p>
      ) : !data ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <div className="grid gap-5">
          <div className="flex justify-center">
            <QrCode text={data.otpauthUrl} label={t('admin.accept.qrLabel')} />
          </div>
          <dl className="grid gap-3 text-sm">
            <div className="grid gap-1">
              <dt className="font-medium">{t('admin.accept.secret')}</dt>
              <dd className="rounded-md bg-muted p-2 font-mono break-all" dir="ltr">
                {data.secret}
              </dd>
            </div>
            <div className="grid gap-1">
              <dt className="font-medium">{t('admin.accept.link')}</dt>
              <dd className="rounded-md bg-muted p-2 font-mono text-xs break-all" dir="ltr">
                <a href={data.otpauthUrl} className="underline">
                  {data.otpauthUrl}
                </a>
              </dd>
            </div>
          </dl>
          <form noValidate onSubmit={submit} className="grid gap-4">
            <FormField id="admin-totp-code" label={t('admin.accept.code')} error={error}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(e) => {
                    setCode(e.target.value);
                    if (error) setError(undefined);
                  }}
                />
              )}
            </FormField>
            <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
              {verify.isPending && <Spinner />}
              {t('admin.accept.verify')}
            </Button>
          </form>
        </div>
      )}
    </StepCard>
  );
}

/** The recovery codes, shown once. */
export function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.accept.recoveryTitle'));
  const copy = () =>
    void navigator.clipboard
      ?.writeText(codes.join('\n'))
      .then(() => toast({ title: t('admin.accept.copied') }))
      .catch(() => undefined);
  return (
    <StepCard title={t('admin.accept.recoveryTitle')} description={t('admin.accept.recoveryDescription')}>
      <div className="grid gap-5">
        <ul
          className="grid grid-cols-1 gap-2 rounded-md bg-muted p-3 font-mono text-sm sm:grid-cols-2"
          dir="ltr"
        >
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={copy}>
            <Copy aria-hidden="true" />
            {t('admin.accept.copy')}
          </Button>
          <Button onClick={onDone} className="flex-1">
            {t('admin.accept.done')}
          </Button>
        </div>
      </div>
    </StepCard>
  );
}
