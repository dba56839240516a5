import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { Input } from '#client/components/ui/input';
import { useTranslation } from '#client/i18n';
import { cn } from '#client/lib/utils';

export type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  id: string;
  /** Names the field in the toggle's accessible name, e.g. "Show new password". */
  toggleSubject?: string;
};

/** A password field with a show/hide button; paste and password managers work as usual. */
export function PasswordInput({ className, id, toggleSubject, ...props }: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const subject = toggleSubject ?? t('auth.password.defaultSubject');
  return (
    <div className="relative">
      <Input
        id={id}
        type={visible ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        className={cn('pe-12', className)}
        {...props}
      />
      <button
        type="button"
        aria-controls={id}
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 end-0 my-auto me-1 inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground"
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="size-4" />
        ) : (
          <Eye aria-hidden="true" className="size-4" />
        )}
        <span className="sr-only">
          {visible ? t('auth.password.hide', { subject }) : t('auth.password.show', { subject })}
        </span>
      </button>
    </div>
  );
}
