import { type FormEvent, useState } from 'react';
import { Button } from '#client/components/ui/button';
import { TextField } from '#client/components/ui/form-field';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { useServerFieldErrors } from '#client/lib/form-errors';
import type { CurrentUser } from '#shared/schemas/auth';
import { useConfirmEmailChange, useRequestEmailChange } from '../api/account';
import { useUpdateFailed } from './use-update-failed';

const EMAIL_FIELDS = ['newEmail', 'currentPassword', 'code'] as const;

/** Change of email address: the new address and the password, then the code sent to the new address. */
export function EmailForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const request = useRequestEmailChange();
  const confirm = useConfirmEmailChange();
  const failed = useUpdateFailed();
  const fieldErrors = useServerFieldErrors(EMAIL_FIELDS);
  const errors = fieldErrors.errors;
  const refused = (error: unknown) => {
    fieldErrors.refused(error);
    failed(error);
  };
  const [current, setCurrent] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    fieldErrors.clear();
    if (!sent)
      return request.mutate(
        { currentPassword: current, newEmail: email },
        {
          onSuccess: (r) => {
            setSent(true);
            toast({ title: t('settings.email.codeSent'), description: r.message });
          },
          onError: refused,
        },
      );
    confirm.mutate(code, {
      onSuccess: () => {
        setSent(false);
        setCurrent('');
        setEmail('');
        setCode('');
        toast({ title: t('settings.email.changed') });
      },
      onError: refused,
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-3" aria-labelledby="settings-email">
      <h3 id="settings-email" className="font-medium">
        {t('settings.email.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('settings.email.current', { email: user.email })}</p>
      {sent ? (
        <TextField
          id="email-code"
          className="max-w-xs gap-1"
          label={t('settings.email.code')}
          error={errors.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={code}
          onValueChange={setCode}
        />
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id="new-email"
            className="gap-1 content-start"
            label={t('settings.email.new')}
            error={errors.newEmail}
            type="email"
            required
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
          />
          <TextField
            id="email-password"
            className="gap-1 content-start"
            label={t('settings.password.current')}
            error={errors.currentPassword}
            type="password"
            required
            autoComplete="current-password"
            value={current}
            onValueChange={setCurrent}
          />
        </div>
      )}
      <Button type="submit" className="w-fit" disabled={request.isPending || confirm.isPending}>
        {sent ? t('settings.email.confirm') : t('settings.email.submit')}
      </Button>
    </form>
  );
}
