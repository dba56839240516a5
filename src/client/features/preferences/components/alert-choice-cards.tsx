import { ALERT_FREQUENCIES, type AlertFrequency } from '#shared/alert-preferences';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { useTranslation } from '#client/i18n';
import { ALERT_TYPES, type AlertSettings } from './alert-settings';
import { SwitchRow } from './switch-row';

/** How often alerts come: at once, in a daily digest or in a weekly one. */
export function FrequencyCard({
  value,
  onChange,
}: {
  value: AlertFrequency;
  onChange: (frequency: AlertFrequency) => void;
}) {
  const { t } = useTranslation();
  return (
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
                  checked={value === frequency}
                  onChange={() => onChange(frequency)}
                  aria-describedby={`${id}-hint`}
                  className="mt-0.5 size-4 accent-primary focus-visible:outline-none"
                />
                <span className="grid gap-0.5">
                  <span className="text-sm font-medium">{t(`alertPreferences.frequency.${frequency}`)}</span>
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
  );
}

/** The kinds of change a member is alerted to, one switch each. */
export function AlertTypesCard({
  settings,
  onChange,
}: {
  settings: AlertSettings;
  onChange: (key: (typeof ALERT_TYPES)[number], value: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
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
            checked={settings[key]}
            onCheckedChange={(v) => onChange(key, v)}
          />
        ))}
      </CardContent>
    </Card>
  );
}
