import { Check, Circle } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '#shared/auth-limits';
import { useTranslation } from '#client/i18n';
import { cn } from '#client/lib/utils';
import { type PasswordStrength, passwordChecks, passwordStrength } from '../lib/password-strength';

const STRENGTH_STYLE: Record<PasswordStrength, { text: string; bar: string; width: string }> = {
  tooShort: { text: 'text-destructive', bar: 'bg-destructive', width: 'w-1/3' },
  good: { text: 'text-warning-strong', bar: 'bg-warning', width: 'w-2/3' },
  strong: { text: 'text-success', bar: 'bg-success', width: 'w-full' },
};

/** Strength in words and colour, plus the requirement list. The words carry the meaning; colour only repeats it. */
export function PasswordStrengthMeter({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation();
  const strength = passwordStrength(password);
  const checks = passwordChecks(password);
  const style = STRENGTH_STYLE[strength];
  const requirements = [
    {
      met: checks.longEnough,
      label: t('resetPassword.requirements.length', { minimum: PASSWORD_MIN_LENGTH }),
    },
    { met: checks.hasUppercase, label: t('resetPassword.requirements.uppercase') },
    { met: checks.hasDigit, label: t('resetPassword.requirements.digit') },
  ];

  return (
    <div id={id} className="grid gap-3">
      {password.length > 0 && (
        <div className="grid gap-1.5">
          <div className="h-1.5 w-full overflow-hidden rounded-full bg-secondary" aria-hidden="true">
            <div className={cn('h-full rounded-full transition-all', style.bar, style.width)} />
          </div>
          <p className="text-sm" aria-live="polite">
            {t('resetPassword.strength.label')}{' '}
            <span className={cn('font-semibold', style.text)}>{t(`resetPassword.strength.${strength}`)}</span>
          </p>
        </div>
      )}
      <div>
        <p className="text-sm font-medium">{t('resetPassword.requirements.title')}</p>
        <ul className="mt-1.5 grid gap-1 text-sm">
          {requirements.map((requirement) => (
            <li
              key={requirement.label}
              className={cn(
                'flex items-center gap-2',
                requirement.met ? 'text-success' : 'text-muted-foreground',
              )}
            >
              {requirement.met ? (
                <Check aria-hidden="true" className="size-4 shrink-0" />
              ) : (
                <Circle aria-hidden="true" className="size-3.5 shrink-0" />
              )}
              <span>
                {requirement.label}
                <span className="sr-only">
                  {' '}
                  {requirement.met
                    ? t('resetPassword.requirements.met')
                    : t('resetPassword.requirements.notMet')}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
