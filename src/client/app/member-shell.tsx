import type { ReactNode } from 'react';
import { MemberLayout } from '#client/components/layouts/member-layout';
import { useLogout } from '#client/features/auth/api/logout';
import { useAuth } from '#client/features/auth/hooks/use-auth';

/** The member layout wired to the session: the member's name and company, and Logout. */
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
      headerActions={headerActions}
    >
      {children}
    </MemberLayout>
  );
}
