import type { ReactNode, SelectHTMLAttributes } from 'react';
import { FormField } from '#client/components/ui/form-field';
import { inputClassName } from '#client/components/ui/input';
import { cn } from '#client/lib/utils';

type SelectAttributes = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange'>;

/** A labelled native select (the phone's own picker; read by every screen reader). */
export function SelectField({
  id,
  label,
  hint,
  error,
  value,
  onValueChange,
  options,
  className,
  ...select
}: SelectAttributes & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select
          {...select}
          {...control}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          className={cn(inputClassName, 'pe-8')}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
