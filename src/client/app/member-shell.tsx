import type { ReactNode } from 'react';
import { MemberLayout } from '#client/components/layouts/member-layout';
import { useLogout } from '#client/features/auth/api/logout';
import { useAuth } from '#client/lib/session/use-auth';
import { NotificationBell } from '#client/features/notifications';

/** The member layout wired to the session: the member's name and company, the notification bell, and Logout. */
export function MemberShell({ children, headerActions }: { children: ReactNode; headerActions?: ReactNode }) {
  const { user } = useAuth();
  const logout = useLogout();
  const name = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '';
  return (
    <MemberLayout
      userName={name}
      companyName={user?.companyName ?? null}
      onLogout={() => logout.mutate()}
      loggingOut={logout.isPending}
      headerActions={
        <>
          {headerActions}
          <NotificationBell />
        </>
      }
    >
      {children}
    </MemberLayout>
  );
}
