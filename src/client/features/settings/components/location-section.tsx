import { LocateFixed } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { useTranslation } from '#client/i18n';
import { LANGUAGES } from '#client/i18n/language-names';
import { firstSupportedLanguage, type LanguageCode } from '#shared/languages';
import { type Detection, detectLocation } from '../api/location';

const nativeName = (code: string) => LANGUAGES.find((l) => l.code === code)?.nativeName ?? code;

type Detecting = { status: 'idle' } | { status: 'detecting' } | ({ status: 'done' } & Detection);

/**
 * 'Detect my location': only on the member's click, the place found (or the spec's error) and
 * the language of its country, or when that fails the browser's, with a button to use it.
 */
export function LocationSection({
  current,
  onUse,
  saving,
}: {
  current: string;
  onUse: (code: LanguageCode) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<Detecting>({ status: 'idle' });
  const detect = async () => {
    setState({ status: 'detecting' });
    setState({ status: 'done', ...(await detectLocation()) });
  };
  const done = state.status === 'done' ? state : null;
  const suggested: LanguageCode | null = !done
    ? null
    : done.location
      ? done.location.language
      : firstSupportedLanguage([...(navigator.languages ?? []), navigator.language]);
  const place = done?.location
    ? [
        ...new Set([
          done.location.city,
          done.location.region,
          done.location.countryName ?? done.location.countryCode,
        ]),
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  const language = suggested ? nativeName(suggested) : '';
  return (
    <section aria-labelledby="settings-location" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="max-w-prose">
          <h3 id="settings-location" className="font-medium">
            {t('settings.location.title')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('settings.location.description')}</p>
        </div>
        <Button variant="outline" onClick={() => void detect()} disabled={state.status === 'detecting'}>
          <LocateFixed aria-hidden="true" />
          {t('settings.location.detect')}
        </Button>
      </div>
      <div aria-live="polite" className="grid gap-2 text-sm">
        {state.status === 'detecting' && (
          <p className="text-muted-foreground">{t('settings.location.detecting')}</p>
        )}
        {done && (
          <>
            {done.error ? (
              <p className="font-medium text-destructive">{t(`settings.location.errors.${done.error}`)}</p>
            ) : (
              <p>{t('settings.location.found', { place })}</p>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <p>
                {t(done.error ? 'settings.location.browser' : 'settings.location.suggested', { language })}
              </p>
              {suggested === current ? (
                <p className="text-muted-foreground">{t('settings.location.inUse', { language })}</p>
              ) : (
                suggested && (
                  <Button size="sm" onClick={() => onUse(suggested)} disabled={saving}>
                    {t('settings.location.use', { language })}
                  </Button>
                )
              )}
            </div>
          </>
        )}
      </div>
    </section>
  );
}
