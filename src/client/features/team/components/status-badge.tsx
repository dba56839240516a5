import { Badge } from '#client/components/ui/badge';
import { useTranslation } from '#client/i18n';
import type { AssessmentStatus } from '../lib/types';

const VARIANT: Record<AssessmentStatus, 'info' | 'warning' | 'destructive' | 'outline' | 'success'> = {
  new: 'outline',
  assessing: 'info',
  action_required: 'destructive',
  in_progress: 'warning',
  done: 'success',
  not_applicable: 'outline',
};

export function StatusBadge({ status }: { status: AssessmentStatus }) {
  const { t } = useTranslation();
  return <Badge variant={VARIANT[status]}>{t(`team.status.${status}`)}</Badge>;
}
