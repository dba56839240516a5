import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, buttonVariants } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog';
import { TextField } from '#client/components/ui/form-field';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { useServerFieldErrors } from '#client/lib/form-errors';
import { useUpdateFailed } from './use-update-failed';
import type { CurrentUser } from '#shared/schemas/auth';
import { useDeleteAccount } from '../api/account';

const DELETE_FIELDS = ['password', 'confirmEmail'] as const;

/** The member's rights over their data: a full export, and erasure. */
export function DataCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const failed = useUpdateFailed();
  const fieldErrors = useServerFieldErrors(DELETE_FIELDS);
  const errors = fieldErrors.errors;
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmEmail, setConfirmEmail] = useState('');
  const matches = confirmEmail.trim().toLowerCase() === user.email.toLowerCase();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    fieldErrors.clear();
    remove.mutate(
      { password, confirmEmail },
      {
        onSuccess: () => {
          setOpen(false);
          queryClient.clear();
          toast({ title: t('settings.data.deleted') });
          void navigate('/', { replace: true });
        },
        onError: (error) => {
          fieldErrors.refused(error);
          failed(error);
        },
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('settings.data.title')}</CardTitle>
        <CardDescription>{t('settings.data.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <a href="/api/user/export" download className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden="true" />
          {t('settings.data.export')}
        </a>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" />
          {t('settings.data.delete')}
        </Button>
      </CardContent>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <form onSubmit={submit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t('settings.data.deleteTitle')}</DialogTitle>
              <DialogDescription>{t('settings.data.deleteText')}</DialogDescription>
            </DialogHeader>
            <TextField
              id="delete-password"
              className="gap-1"
              label={t('settings.password.current')}
              error={errors.password}
              type="password"
              required
              autoComplete="current-password"
              value={password}
              onValueChange={setPassword}
            />
            <TextField
              id="delete-email"
              className="gap-1"
              label={t('settings.data.typeEmail', { email: user.email })}
              error={errors.confirmEmail}
              type="email"
              required
              autoComplete="off"
              value={confirmEmail}
              onValueChange={setConfirmEmail}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {t('settings.common.cancel')}
              </Button>
              <Button
                type="submit"
                variant="destructive"
                disabled={!matches || !password || remove.isPending}
              >
                {t('settings.data.deleteConfirm')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
