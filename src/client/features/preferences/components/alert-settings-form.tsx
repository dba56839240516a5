import { AlertTriangle, CheckCircle2, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  ALERT_FREQUENCIES,
  type AlertFrequency,
  type AlertPreferences,
  PHONE_CODE_LENGTH,
} from '#shared/schemas/preferences';
import { Alert, AlertDescription } from '#client/components/ui/alert';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { toast } from '#client/components/ui/use-toast';
import { useAuth } from '#client/features/auth/hooks/use-auth';
import { useTranslation } from '#client/i18n';
import { ApiError, apiErrorMessage } from '#client/lib/api-client';
import { useSendPhoneVerification } from '../api/send-phone-verification';
import { useUpdateAlertPreferences } from '../api/update-alert-preferences';
import { useVerifyPhone } from '../api/verify-phone';
import { SwitchRow } from './switch-row';

type AlertSettings = Pick<
  AlertPreferences,
  | 'emailAlertsEnabled'
  | 'smsAlertsEnabled'
  | 'alertFrequency'
  | 'newBillAlerts'
  | 'statusChangeAlerts'
  | 'stageChangeAlerts'
  | 'deadlineAlerts'
  | 'lawInForceAlerts'
>;

const ALERT_TYPES = [
  'newBillAlerts',
  'statusChangeAlerts',
  'stageChangeAlerts',
  'deadlineAlerts',
  'lawInForceAlerts',
] as const;

function settingsOf(p: AlertPreferences): AlertSettings {
  return {
    emailAlertsEnabled: p.emailAlertsEnabled,
    smsAlertsEnabled: p.smsAlertsEnabled,
    alertFrequency: p.alertFrequency,
    newBillAlerts: p.newBillAlerts,
    statusChangeAlerts: p.statusChangeAlerts,
    stageChangeAlerts: p.stageChangeAlerts,
    deadlineAlerts: p.deadlineAlerts,
    lawInForceAlerts: p.lawInForceAlerts,
  };
}

/** Notification methods (with phone verification), alert frequency and alert types, saved together. */
export function AlertSettingsForm({ stored }: { stored: AlertPreferences }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [form, setForm] = useState<AlertSettings>(() => settingsOf(stored));
  const [phone, setPhone] = useState(stored.phoneNumber ?? '');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const save = useUpdateAlertPreferences();
  const sendCode = useSendPhoneVerification();
  const verify = useVerifyPhone();
  const set = <K extends keyof AlertSettings>(key: K, value: AlertSettings[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const savePreferences = (extra: { phoneNumber?: string } = {}) => {
    save.mutate(
      { ...form, ...extra },
      {
        onSuccess: (saved) => {
          setForm(settingsOf(saved));
          toast({ variant: 'success', title: t('alertPreferences.saved') });
        },
        onError: (err) => {
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
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: t('alertPreferences.methods.sendError'),
            description: apiErrorMessage(err, '') || undefined,
          }),
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
    verify.mutate(
      { code: trimmed },
      {
        onSuccess: (result) => {
          setCodeSentTo(null);
          setCode('');
          setPhone(result.phoneNumber);
          toast({ variant: 'success', title: t('alertPreferences.methods.verifiedToast') });
        },
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: t('alertPreferences.methods.verificationFailed'),
            description:
              (err instanceof ApiError ? err.serverMessage : undefined) ??
              t('alertPreferences.methods.invalidCode'),
          }),
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
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('alertPreferences.frequency.title')}</CardTitle>
            <CardDescription>{t('alertPreferences.frequency.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <fieldset className="grid gap-2">
              <legend className="sr-only">{t('alertPreferences.frequency.title')}</legend>
              {ALERT_FREQUENCIES.map((frequency: AlertFrequency) => {
                const id = `frequency-${frequency}`;
                return (
                  <label
                    key={frequency}
                    htmlFor={id}
                    className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-checked:border-primary has-checked:bg-accent has-focus-visible:ring-2 has-focus-visible:ring-ring"
                  >
                    <input
                      id={id}
                      type="radio"
                      name="alertFrequency"
                      value={frequency}
                      checked={form.alertFrequency === frequency}
                      onChange={() => set('alertFrequency', frequency)}
                      aria-describedby={`${id}-hint`}
                      className="mt-0.5 size-4 accent-primary focus-visible:outline-none"
                    />
                    <span className="grid gap-0.5">
                      <span className="text-sm font-medium">
                        {t(`alertPreferences.frequency.${frequency}`)}
                      </span>
                      <span id={`${id}-hint`} className="text-sm text-muted-foreground">
                        {t(`alertPreferences.frequency.${frequency}Hint`)}
                      </span>
                    </span>
                  </label>
                );
              })}
            </fieldset>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('alertPreferences.types.title')}</CardTitle>
            <CardDescription>{t('alertPreferences.types.description')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            {ALERT_TYPES.map((key) => (
              <SwitchRow
                key={key}
                id={`alert-type-${key}`}
                label={t(`alertPreferences.types.${key}`)}
                hint={t(`alertPreferences.types.${key}Hint`)}
                checked={form[key]}
                onCheckedChange={(v) => set(key, v)}
              />
            ))}
          </CardContent>
        </Card>

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
