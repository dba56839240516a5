import { useEffect, useRef } from 'react';
import { useTranslation } from '#client/i18n';

export interface ErrorSummaryItem {
  /** id of the field the entry links to */
  fieldId: string;
  message: string;
}

export interface ErrorSummaryProps {
  errors: readonly ErrorSummaryItem[];
  /** Changes on every failed submit (a form's submit count); focus moves here each time. */
  focusKey: number;
}

/**
 * "There is a problem" summary shown above a form after a failed submit. It takes focus,
 * is announced, and each entry moves focus to its field.
 */
export function ErrorSummary({ errors, focusKey }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const visible = errors.length > 0;

  useEffect(() => {
    if (visible) ref.current?.focus();
  }, [visible, focusKey]);

  if (!visible) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      aria-labelledby="error-summary-title"
      className="rounded-lg border-2 border-destructive bg-card p-4 text-sm focus-visible:outline-offset-4"
    >
      <div role="alert">
        <h2 id="error-summary-title" className="text-base font-semibold text-destructive">
          {t('form.errorSummaryTitle')}
        </h2>
        <ul className="mt-2 grid gap-1">
          {errors.map((error) => (
            <li key={error.fieldId}>
              <a
                href={`#${error.fieldId}`}
                className="font-medium text-destructive underline underline-offset-2 hover:no-underline"
                onClick={(event) => {
                  event.preventDefault();
                  document.getElementById(error.fieldId)?.focus();
                }}
              >
                {error.message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
