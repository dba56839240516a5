import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from '#client/i18n';
import { cn } from '#client/lib/utils';
import { Input } from './input';
import { Label } from './label';

/** Attributes that tie a control to its label, hint and error message. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export function fieldMessageIds(id: string, hasHint: boolean, hasError: boolean): string | undefined {
  const ids = [hasHint ? `${id}-hint` : null, hasError ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, optional hint, the control, and its error message, linked by `aria-describedby`. */
export function FormField({ id, label, hint, error, className, children }: FormFieldProps) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`} message={error} />}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': fieldMessageIds(id, Boolean(hint), Boolean(error)),
      })}
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string }) {
  const { t } = useTranslation();
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      <span className="sr-only">{t('form.errorPrefix')} </span>
      {message}
    </p>
  );
}

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>;

export interface TextFieldProps extends Omit<FormFieldProps, 'children'>, InputAttributes {
  value: string;
  onValueChange: (value: string) => void;
}

/** A labelled text input: a FormField holding an Input, with the input's own attributes passed on. */
export function TextField({
  id,
  label,
  hint,
  error,
  className,
  value,
  onValueChange,
  ...input
}: TextFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <Input {...input} {...control} value={value} onChange={(e) => onValueChange(e.target.value)} />
      )}
    </FormField>
  );
}
