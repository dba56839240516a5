import { type FormEvent, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '#client/i18n';
import type { SummaryItem } from '#client/lib/form-errors';
import type { FieldIssue } from './validate';

export type FormValues<F extends string> = Record<F, string>;

export interface AuthFormOptions<F extends string> {
  /** Each field's input name and its element id, in the order of the form. */
  fieldIds: Record<F, string>;
  /** The first problem of each field, from all the values (a field may depend on another). */
  rules: (values: FormValues<F>) => Record<F, FieldIssue | null>;
  /** Runs with the values as the form holds them once every field passes. */
  onValid: (values: FormValues<F>, form: HTMLFormElement) => Promise<void>;
}

const noSubscription = () => () => undefined;

/** False while the page's HTML (rendered at build time) is being hydrated, true once its script runs it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A form of plain inputs (named, uncontrolled, so text typed before the page's script has run
 * stays where it is) checked on submit: after the first submit, every change checks again, so a
 * message goes as soon as its field is put right. Messages are the translated
 * `validation.<field>.<kind>` texts the other forms use, in the current language.
 */
export function useAuthForm<F extends string>({ fieldIds, rules, onValid }: AuthFormOptions<F>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FormValues<F> | null>(null);
  const [submitCount, setSubmitCount] = useState(0);
  const [isSubmitting, setSubmitting] = useState(false);
  const names = Object.keys(fieldIds) as F[];
  const hydrated = useHydrated();

  const read = (form: HTMLFormElement): FormValues<F> => {
    const data = new FormData(form);
    const read = {} as FormValues<F>;
    for (const name of names) {
      const value = data.get(name);
      read[name] = typeof value === 'string' ? value : '';
    }
    return read;
  };

  const issues = values && submitCount > 0 ? rules(values) : null;
  const errors = {} as Partial<Record<F, string>>;
  const summary: SummaryItem[] = [];
  for (const name of names) {
    const issue = issues?.[name];
    if (!issue) continue;
    const message = t([`validation.${name}.${issue.kind}`, `validation.${issue.kind}`] as never, {
      minimum: issue.minimum,
      maximum: issue.maximum,
    });
    errors[name] = message;
    summary.push({ fieldId: fieldIds[name], message });
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const form = event.currentTarget;
    const current = read(form);
    setValues(current);
    setSubmitCount((count) => count + 1);
    if (Object.values<FieldIssue | null>(rules(current)).some(Boolean)) return;
    setSubmitting(true);
    try {
      await onValid(current, form);
    } finally {
      setSubmitting(false);
    }
  };

  /** On the form: after a submit, each change checks the fields again. */
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (submitCount > 0) setValues(read(event.currentTarget));
  };

  return {
    errors,
    summary,
    submitCount,
    isSubmitting,
    // Until the script runs the form, its button submits nothing: the browser would otherwise send
    // the fields itself (and a GET would put the password in the address). POST as a last guard.
    submitType: hydrated ? ('submit' as const) : ('button' as const),
    formProps: { noValidate: true, method: 'post', onSubmit, onChange },
  };
}
