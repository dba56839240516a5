import { DashboardHeaderActions, DashboardScreen } from '#client/features/dashboard';
import { useAuth } from '#client/lib/session/use-auth';
import { usePaymentSuccessToast } from '#client/features/billing/components/use-payment-success';
import { MemberShell } from '../member-shell';

/**
 * The member's home screen. The header carries the dashboard's trial badge, Upgrade and settings
 * controls; MemberShell adds the notification bell slot, the member's name and company, and Logout.
 */
export function DashboardRoute() {
  const { user } = useAuth();
  usePaymentSuccessToast();
  return (
    <MemberShell headerActions={<DashboardHeaderActions />}>
      <DashboardScreen memberName={user?.firstName ?? ''} />
    </MemberShell>
  );
}

export default DashboardRoute;
