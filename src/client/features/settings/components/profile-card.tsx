import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { useServerFieldErrors } from '#client/lib/form-errors';
import { useFormat } from '#client/lib/format';
import type { CurrentUser } from '#shared/schemas/auth';
import { useUpdateSettings } from '../api/account';
import { useUpdateFailed } from './use-update-failed';

const PROFILE_FIELDS = ['firstName', 'lastName', 'companyName'] as const;

/** Account information (Profile) with the editable name and company. */
export function ProfileCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const format = useFormat();
  const update = useUpdateSettings();
  const failed = useUpdateFailed();
  const fieldErrors = useServerFieldErrors(PROFILE_FIELDS);
  const errors = fieldErrors.errors;
  const [form, setForm] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    companyName: user.companyName ?? '',
  });
  const since = format.date(user.createdAt);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    fieldErrors.clear();
    update.mutate(
      { firstName: form.firstName, lastName: form.lastName, companyName: form.companyName.trim() || null },
      {
        onSuccess: () => toast({ title: t('settings.profile.saved') }),
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
        <CardTitle as="h2">{t('settings.profile.title')}</CardTitle>
        <CardDescription>{t('settings.profile.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">{t('settings.profile.email')}</dt>
          <dd className="break-all">{user.email}</dd>
          <dt className="text-muted-foreground">{t('settings.profile.plan')}</dt>
          <dd>
            {t(`settings.profile.tier.${user.subscriptionTier}`)}{' '}
            <Link to="/upgrade" className="text-primary underline underline-offset-4">
              {t('settings.profile.changePlan')}
            </Link>
          </dd>
          <dt className="text-muted-foreground">{t('settings.profile.memberSince')}</dt>
          <dd>{since}</dd>
        </dl>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-3">
          <FormField
            id="settings-first-name"
            className="gap-1 content-start"
            label={t('settings.profile.firstName')}
            error={errors.firstName}
          >
            {(control) => (
              <Input
                {...control}
                required
                maxLength={100}
                autoComplete="given-name"
                value={form.firstName}
                onChange={(e) => setForm({ ...form, firstName: e.target.value })}
              />
            )}
          </FormField>
          <FormField
            id="settings-last-name"
            className="gap-1 content-start"
            label={t('settings.profile.lastName')}
            error={errors.lastName}
          >
            {(control) => (
              <Input
                {...control}
                required
                maxLength={100}
                autoComplete="family-name"
                value={form.lastName}
                onChange={(e) => setForm({ ...form, lastName: e.target.value })}
              />
            )}
          </FormField>
          <FormField
            id="settings-company"
            className="gap-1 content-start"
            label={t('settings.profile.company')}
            error={errors.companyName}
          >
            {(control) => (
              <Input
                {...control}
                maxLength={200}
                autoComplete="organization"
                value={form.companyName}
                onChange={(e) => setForm({ ...form, companyName: e.target.value })}
              />
            )}
          </FormField>
          <Button type="submit" className="w-fit" disabled={update.isPending}>
            {t('settings.profile.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
