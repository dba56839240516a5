import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { useTranslation } from '#client/i18n';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { UpgradeDialogOnDemand } from './dialogs-on-demand';

/**
 * The dashboard's own header controls: the trial badge and Upgrade (the header's navigation carries
 * the settings link). On a phone the Free Trial card offers Upgrade instead, keeping the header uncrowded.
 */
export function DashboardHeaderActions() {
  const { t } = useTranslation();
  const stats = useDashboardStats();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const data = stats.data;
  const onTrial = data?.subscriptionTier === 'trial';
  const expired = data?.subscriptionStatus === 'expired' || (onTrial && data?.daysRemaining === 0);
  return (
    <>
      {onTrial && (
        <div className="hidden items-center gap-2 sm:flex">
          <Badge variant={expired ? 'destructive' : 'warning'} className="hidden xl:inline-flex">
            {expired
              ? t('dashboard.header.trialExpired')
              : t('dashboard.header.daysLeft', { count: data.daysRemaining ?? 0 })}
          </Badge>
          <Button size="sm" onClick={() => setUpgradeOpen(true)}>
            <Sparkles aria-hidden="true" />
            {t('dashboard.header.upgrade')}
          </Button>
          <UpgradeDialogOnDemand open={upgradeOpen} onOpenChange={setUpgradeOpen} />
        </div>
      )}
    </>
  );
}
