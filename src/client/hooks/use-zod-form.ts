import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from '#client/i18n';
import { createFormErrorMap } from '#client/lib/form-errors';

/**
 * react-hook-form driven by a shared zod schema, with translated field messages.
 * Focus goes to the error summary after a failed submit, so the form does not focus the first field itself.
 */
export function useZodForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  props: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, 'resolver'> = {},
) {
  // `t` changes with the language, so messages are always produced in the current one
  const { t } = useTranslation();
  const resolver = useMemo(
    () =>
      zodResolver(schema, {
        error: createFormErrorMap((keys, values) => t(keys as never, values) as string),
      }),
    [schema, t],
  );
  return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    shouldFocusError: false,
    reValidateMode: 'onChange',
    ...props,
    resolver,
  });
}
