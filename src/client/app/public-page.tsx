import type { ReactNode } from 'react';
import { PublicLayout, type PublicLayoutProps } from '#client/components/layouts/public-layout';
import { useAuth } from '#client/lib/session/use-auth';

/** The visitor layout; a signed-in member sees a link to the dashboard instead of Log in / Sign up. */
export function PublicPage({
  children,
  ...props
}: Omit<PublicLayoutProps, 'signedIn'> & { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  return (
    <PublicLayout signedIn={isAuthenticated} {...props}>
      {children}
    </PublicLayout>
  );
}
