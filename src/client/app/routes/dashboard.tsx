import { DashboardHeaderActions, DashboardScreen } from '#client/features/dashboard';
import { useAuth } from '#client/lib/session/use-auth';
import { usePaymentSuccessToast } from '#client/features/billing/components/use-payment-success';
import { useSearchParams } from 'react-router';
import { MemberShell } from '../member-shell';
import { TeamViewSlot, TeamViewSwitchSlot } from '../team-slots/dashboard';

/**
 * The member's home screen. The header carries the dashboard's trial badge, Upgrade and settings
 * controls; MemberShell adds the notification bell slot, the member's name and company, and Logout.
 */
export function DashboardRoute() {
  const { user } = useAuth();
  usePaymentSuccessToast();
  const [params] = useSearchParams();
  return (
    <MemberShell headerActions={<DashboardHeaderActions />}>
      <DashboardScreen
        memberName={user?.firstName ?? ''}
        viewSwitch={<TeamViewSwitchSlot />}
        teamView={params.get('view') === 'team' ? <TeamViewSlot /> : undefined}
      />
    </MemberShell>
  );
}

export default DashboardRoute;
