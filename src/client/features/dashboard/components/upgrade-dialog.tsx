import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { MINIMUM_TERM_MONTHS, PLANS } from '#shared/tiers';
import { Button } from '#client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog';
import { useTranslation } from '#client/i18n';
import { formatPounds } from '#client/lib/format';

/** The Upgrade modal: Premium at £50 per month with a 12-month minimum term. */
export function UpgradeDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const price = formatPounds(PLANS.premium.monthlyPrice / 100, i18n.language || 'en-GB');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('dashboard.upgradeDialog.title')}</DialogTitle>
          <DialogDescription>{t('dashboard.upgradeDialog.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2 rounded-lg border bg-accent/40 p-4">
          <p className="text-2xl font-semibold">{t('dashboard.upgradeDialog.price', { price })}</p>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Check aria-hidden="true" className="size-4 text-success-strong" />
            {t('dashboard.upgradeDialog.term', { months: MINIMUM_TERM_MONTHS })}
          </p>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('dashboard.upgradeDialog.later')}</Button>
          </DialogClose>
          <Button asChild>
            <Link to="/subscribe?tier=premium">{t('dashboard.upgradeDialog.choose')}</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
