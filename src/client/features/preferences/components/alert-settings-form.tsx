import { AlertTriangle, CheckCircle2, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { PHONE_CODE_LENGTH } from '#shared/alert-preferences';
import type { AlertPreferences } from '#shared/schemas/preferences';
import { Alert, AlertDescription } from '#client/components/ui/alert';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { toast } from '#client/components/ui/use-toast';
import { useAuth } from '#client/lib/session/use-auth';
import { useTranslation } from '#client/i18n';
import { ApiError, apiErrorMessage } from '#client/lib/api-client';
import { useServerFieldErrors } from '#client/lib/form-errors';
import { useSendPhoneVerification } from '../api/send-phone-verification';
import { useUpdateAlertPreferences } from '../api/update-alert-preferences';
import { useVerifyPhone } from '../api/verify-phone';
import { AlertTypesCard, FrequencyCard } from './alert-choice-cards';
import { type AlertSettings, settingsOf } from './alert-settings';
import { SwitchRow } from './switch-row';

const PHONE_FIELDS = ['phoneNumber', 'code'] as const;

/** Notification methods (with phone verification), alert frequency and alert types, saved together. */
export function AlertSettingsForm({ stored }: { stored: AlertPreferences }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [form, setForm] = useState<AlertSettings>(() => settingsOf(stored));
  const [phone, setPhone] = useState(stored.phoneNumber ?? '');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const fieldErrors = useServerFieldErrors(PHONE_FIELDS);
  const save = useUpdateAlertPreferences();
  const sendCode = useSendPhoneVerification();
  const verify = useVerifyPhone();
  const set = <K extends keyof AlertSettings>(key: K, value: AlertSettings[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const savePreferences = (extra: { phoneNumber?: string } = {}) => {
    fieldErrors.clear();
    save.mutate(
      { ...form, ...extra },
      {
        onSuccess: (saved) => {
          setForm(settingsOf(saved));
          toast({ variant: 'success', title: t('alertPreferences.saved') });
        },
        onError: (err) => {
          fieldErrors.refused(err);
          // the switches go back to what is stored
          setForm(settingsOf(stored));
          toast({
            variant: 'destructive',
            title: t('alertPreferences.saveError'),
            description: apiErrorMessage(err, '') || undefined,
          });
        },
      },
    );
  };

  const onSavePhone = () => {
    const phoneNumber = phone.trim();
    if (phoneNumber === '') {
      toast({ variant: 'destructive', title: t('alertPreferences.methods.invalidPhone') });
      return;
    }
    if (phoneNumber === (stored.phoneNumber ?? '')) {
      savePreferences();
      return;
    }
    fieldErrors.clear();
    sendCode.mutate(
      { phoneNumber },
      {
        onSuccess: (sent) => {
          setCodeSentTo(sent.phoneNumber);
          setCode('');
          toast({
            title: t('alertPreferences.methods.codeSent'),
            description: t('alertPreferences.methods.codeSentDescription', { phone: sent.phoneNumber }),
          });
        },
        onError: (err) => {
          fieldErrors.refused(err);
          toast({
            variant: 'destructive',
            title: t('alertPreferences.methods.sendError'),
            description: apiErrorMessage(err, '') || undefined,
          });
        },
      },
    );
  };

  const onVerify = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = code.trim();
    if (trimmed === '') {
      toast({ variant: 'destructive', title: t('alertPreferences.methods.codeRequired') });
      return;
    }
    fieldErrors.clear();
    verify.mutate(
      { code: trimmed },
      {
        onSuccess: (result) => {
          setCodeSentTo(null);
          setCode('');
          setPhone(result.phoneNumber);
          toast({ variant: 'success', title: t('alertPreferences.methods.verifiedToast') });
        },
        onError: (err) => {
          fieldErrors.refused(err);
          toast({
            variant: 'destructive',
            title: t('alertPreferences.methods.verificationFailed'),
            description:
              (err instanceof ApiError ? err.serverMessage : undefined) ??
              t('alertPreferences.methods.invalidCode'),
          });
        },
      },
    );
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    savePreferences();
  };

  const verified = stored.phoneVerified;
  // text alerts come with the paid plans: a trial member sees why the switch is off
  const trial = user?.subscriptionTier === 'trial';
  const smsDisabled = (trial || !verified) && !form.smsAlertsEnabled;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('alertPreferences.methods.title')}</CardTitle>
          <CardDescription>{t('alertPreferences.methods.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SwitchRow
            id="email-alerts"
            label={t('alertPreferences.methods.email')}
            hint={t('alertPreferences.methods.emailHint')}
            checked={form.emailAlertsEnabled}
            onCheckedChange={(v) => set('emailAlertsEnabled', v)}
          />
          <SwitchRow
            id="sms-alerts"
            label={t('alertPreferences.methods.sms')}
            hint={
              trial
                ? t('alertPreferences.methods.smsPaidPlans')
                : verified
                  ? t('alertPreferences.methods.smsHint')
                  : t('alertPreferences.methods.smsNeedsVerification')
            }
            checked={form.smsAlertsEnabled}
            disabled={smsDisabled}
            onCheckedChange={(v) => set('smsAlertsEnabled', v)}
          />
          {form.smsAlertsEnabled && !verified && (
            <Alert variant="warning">
              <AlertTriangle aria-hidden="true" />
              <AlertDescription>{t('alertPreferences.methods.smsUnverifiedWarning')}</AlertDescription>
            </Alert>
          )}

          <div className="grid gap-2 border-t pt-4">
            <div className="flex flex-wrap items-end gap-2">
              <FormField
                id="phone-number"
                className="min-w-0 flex-1 basis-48"
                label={
                  <span className="inline-flex items-center gap-2">
                    {t('alertPreferences.methods.phone')}
                    {stored.phoneNumber &&
                      (verified ? (
                        <Badge variant="success">
                          <CheckCircle2 aria-hidden="true" />
                          {t('alertPreferences.methods.verified')}
                        </Badge>
                      ) : (
                        <Badge variant="warning">{t('alertPreferences.methods.notVerified')}</Badge>
                      ))}
                  </span>
                }
                hint={t('alertPreferences.methods.phoneHint')}
                error={fieldErrors.errors.phoneNumber}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="tel"
                    autoComplete="tel"
                    inputMode="tel"
                    maxLength={40}
                    placeholder={t('alertPreferences.methods.phonePlaceholder')}
                    value={phone}
                    onChange={(e) => setPhone(e.target.value)}
                  />
                )}
              </FormField>
              <Button
                type="button"
                variant="outline"
                onClick={onSavePhone}
                disabled={sendCode.isPending || save.isPending}
              >
                {t('alertPreferences.methods.savePhone')}
              </Button>
            </div>
          </div>

          {codeSentTo && (
            <form
              noValidate
              onSubmit={onVerify}
              className="grid gap-2 rounded-lg border bg-muted/40 p-4"
              aria-labelledby="verify-phone-title"
            >
              <p id="verify-phone-title" className="text-sm font-medium" role="status">
                {t('alertPreferences.methods.codeSentDescription', { phone: codeSentTo })}
              </p>
              <div className="flex flex-wrap items-end gap-2">
                <FormField
                  id="phone-code"
                  label={t('alertPreferences.methods.code')}
                  className="min-w-0 flex-1 basis-40"
                  error={fieldErrors.errors.code}
                >
                  {(control) => (
                    <Input
                      {...control}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={PHONE_CODE_LENGTH}
                      placeholder={t('alertPreferences.methods.codePlaceholder')}
                      value={code}
                      onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, PHONE_CODE_LENGTH))}
                    />
                  )}
                </FormField>
                <Button type="submit" disabled={verify.isPending}>
                  {t('alertPreferences.methods.verify')}
                </Button>
              </div>
            </form>
          )}
        </CardContent>
      </Card>

      <form noValidate onSubmit={onSubmit} className="grid gap-6">
        <FrequencyCard value={form.alertFrequency} onChange={(v) => set('alertFrequency', v)} />
        <AlertTypesCard settings={form} onChange={set} />

        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
            <Save aria-hidden="true" />
            {save.isPending ? t('alertPreferences.saving') : t('alertPreferences.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
