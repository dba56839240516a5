import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/components/ui/toast-store';
import { type PolicyKey, usePolicyText } from '#client/i18n/policy-text';
import { useTranslation } from '#client/i18n';
import { OPTIONAL_COOKIE_CATEGORIES } from '#shared/cookie-names';
import { ACCEPT_ALL, type ConsentChoice, ONLY_NECESSARY, choiceOf } from '../lib/consent';
import { useConsent, useRecordConsent } from '../lib/use-record-consent';
import { useFormat } from '#client/lib/format';

/**
 * The switches of /cookies (spec document 1 §2): necessary always on and locked; analytics,
 * functional and marketing as the visitor chose (off until a choice); Save Preferences,
 * Accept All and Reject All record the choice like the banner does.
 */
export function CookiePreferencesForm() {
  const { p } = usePolicyText();
  const format = useFormat();
  const { t } = useTranslation();
  const { consent, pending } = useConsent();
  const record = useRecordConsent();
  const [draft, setDraft] = useState<ConsentChoice | null>(null);
  const [saving, setSaving] = useState(false);
  const shown = draft ?? (consent ? choiceOf(consent) : ONLY_NECESSARY);

  const save = async (choice: ConsentChoice) => {
    setDraft(choice);
    setSaving(true);
    const saved = await record(choice);
    setSaving(false);
    if (saved) toast({ title: t('cookies.saved'), variant: 'success' });
  };

  const savedOn = consent ? format.dateTime(consent.consentDate) : null;

  return (
    <div className="mt-5 rounded-lg border p-4 sm:p-5" data-testid="cookie-preferences">
      <h3 className="font-semibold">{p('cookies.preferences.title')}</h3>
      <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
        {pending
          ? '\u00a0'
          : savedOn
            ? p('cookies.preferences.current', { date: savedOn })
            : p('cookies.preferences.none')}
      </p>
      <ul className="mt-4 grid gap-4">
        <CategoryRow
          id="necessary"
          title={p('cookies.categories.necessary.title')}
          description={p('cookies.categories.necessary.description')}
          checked
          locked={p('cookies.preferences.alwaysOn')}
        />
        {OPTIONAL_COOKIE_CATEGORIES.map((category) => (
          <CategoryRow
            key={category}
            id={category}
            title={p(`cookies.categories.${category}.title` as PolicyKey)}
            description={p(`cookies.categories.${category}.description` as PolicyKey)}
            checked={shown[category]}
            disabled={pending}
            onChange={(on) => setDraft({ ...shown, [category]: on })}
          />
        ))}
      </ul>
      <div className="mt-5 flex flex-wrap gap-2">
        <Button onClick={() => void save(shown)} disabled={saving || pending}>
          {p('cookies.preferences.save')}
        </Button>
        <Button variant="outline" onClick={() => void save(ACCEPT_ALL)} disabled={saving || pending}>
          {p('cookies.preferences.acceptAll')}
        </Button>
        <Button variant="outline" onClick={() => void save(ONLY_NECESSARY)} disabled={saving || pending}>
          {p('cookies.preferences.rejectAll')}
        </Button>
      </div>
    </div>
  );
}

/** A native checkbox shown as a switch (the page needs no switch library for four of them). */
function CategoryRow({
  id,
  title,
  description,
  checked,
  locked,
  disabled,
  onChange,
}: {
  id: string;
  title: string;
  description: string;
  checked: boolean;
  locked?: string;
  disabled?: boolean;
  onChange?: (on: boolean) => void;
}) {
  const switchId = `cookie-category-${id}`;
  return (
    <li className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <label htmlFor={switchId} className="font-medium">
          {title}
          {locked ? <span className="ms-2 text-xs font-normal text-muted-foreground">({locked})</span> : null}
        </label>
        <p id={`${switchId}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <input
        id={switchId}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={Boolean(locked) || disabled}
        aria-describedby={`${switchId}-description`}
        onChange={(event) => onChange?.(event.target.checked)}
        className="relative mt-0.5 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-input transition-colors before:absolute before:top-0.5 before:start-0.5 before:size-5 before:rounded-full before:bg-white before:shadow-sm before:transition-transform checked:bg-primary checked:before:translate-x-5 rtl:checked:before:-translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60"
      />
    </li>
  );
}
