import { type FormEvent, useState } from 'react';
import { Button } from '#client/components/ui/button';
import { TextField } from '#client/components/ui/form-field';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { useServerFieldErrors } from '#client/lib/form-errors';
import { useChangePassword } from '../api/account';
import { useUpdateFailed } from './use-update-failed';

const PASSWORD_FIELDS = ['currentPassword', 'newPassword'] as const;

/** Change of password: the current one and the new one. */
export function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const failed = useUpdateFailed();
  const fieldErrors = useServerFieldErrors(PASSWORD_FIELDS);
  const errors = fieldErrors.errors;
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    fieldErrors.clear();
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: (r) => {
          setCurrent('');
          setNext('');
          toast({ title: t('settings.password.changed'), description: r.message });
        },
        onError: (error) => {
          fieldErrors.refused(error);
          failed(error);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3" aria-labelledby="settings-password">
      <h3 id="settings-password" className="font-medium">
        {t('settings.password.title')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="current-password"
          className="gap-1 content-start"
          label={t('settings.password.current')}
          error={errors.currentPassword}
          type="password"
          required
          autoComplete="current-password"
          value={current}
          onValueChange={setCurrent}
        />
        <TextField
          id="new-password"
          className="gap-1 content-start"
          label={t('settings.password.new')}
          error={errors.newPassword}
          type="password"
          required
          minLength={8}
          autoComplete="new-password"
          value={next}
          onValueChange={setNext}
        />
      </div>
      <Button type="submit" className="w-fit" disabled={change.isPending}>
        {t('settings.password.submit')}
      </Button>
    </form>
  );
}
