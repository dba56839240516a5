import { ArrowLeft, MailCheck } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { useTranslation } from '#client/i18n';

export function ForgotPasswordSent({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid justify-items-center gap-4 text-center" role="status">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-success/10 text-success">
        <MailCheck aria-hidden="true" className="size-6" />
      </span>
      <p className="text-sm text-muted-foreground">{t('auth.forgotSent.description', { email })}</p>
      <p className="text-sm text-muted-foreground">{t('auth.forgotSent.spamHint')}</p>
      <Button type="button" variant="outline" onClick={onBack} className="w-full">
        <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
        {t('auth.backToSignIn')}
      </Button>
    </div>
  );
}
