import { LogOut } from 'lucide-react';
import { type ReactNode, Suspense, useState } from 'react';
import { NavLink } from 'react-router';
import { Button } from '#client/components/ui/button';
import { useTranslation } from '#client/i18n';
import { LanguageSwitcher } from '#client/i18n/language-switcher';
import { lazyImport } from '#client/lib/lazy-import';
import { cn } from '#client/lib/utils';
import { Logo } from './logo';
import { MainContent } from './main-content';
import type { MemberMobileMenuProps } from './member-mobile-menu';
import { MobileMenuButton } from './mobile-menu-button';
import { SkipLink } from './skip-link';

// The phone menu needs the dropdown and positioning libraries: fetched when the member reaches for it.
const MemberMobileMenu = lazyImport(() => import('./member-mobile-menu'));

export interface MemberLayoutProps {
  children: ReactNode;
  userName: string;
  companyName?: string | null;
  onLogout: () => void;
  loggingOut?: boolean;
  /** Extra controls at the start of the header's action area (e.g. trial badge, notifications). */
  headerActions?: ReactNode;
}

/** Header with navigation, the member's name and Logout, around a member screen. */
export function MemberLayout({
  children,
  userName,
  companyName,
  onLogout,
  loggingOut = false,
  headerActions,
}: MemberLayoutProps) {
  const { t } = useTranslation();
  const links = [
    { to: '/', label: t('nav.dashboard'), end: true },
    { to: '/legal-sources', label: t('nav.legalSources'), end: false },
    { to: '/team', label: t('nav.team'), end: false },
    { to: '/subscription', label: t('nav.subscription'), end: false },
    { to: '/settings', label: t('nav.settings'), end: false },
  ];

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b bg-card">
        {/* wider than the page's content from xl, so the name fits beside the navigation; where a
            language's words do not fit on one line, the actions wrap to a second line, never over the links */}
        <div className="container-page flex min-h-16 flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 xl:max-w-[90rem]">
          <div className="flex items-center gap-6">
            <Logo compactOnPhone />
            <nav aria-label={t('nav.label')} className="hidden md:block">
              <ul className="flex items-center gap-1">
                {links.map((link) => (
                  <li key={link.to}>
                    <NavLink
                      to={link.to}
                      end={link.end}
                      className={({ isActive }) =>
                        cn(
                          'inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground',
                          isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
                        )
                      }
                    >
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
          <div className="ms-auto flex shrink-0 items-center gap-1 sm:gap-2">
            <LanguageSwitcher />
            {headerActions}
            {/* one line each, cut short (the whole of both on hover); shown where the header has room
                for it beside the navigation, the trial badge and Upgrade (the phone menu names them) */}
            <div
              className="hidden max-w-36 text-end leading-tight xl:block"
              title={companyName ? `${userName}, ${companyName}` : userName}
            >
              <p className="truncate text-sm font-medium">
                <bdi>{userName}</bdi>
              </p>
              {companyName && (
                <p className="truncate text-xs text-muted-foreground">
                  <bdi>{companyName}</bdi>
                </p>
              )}
            </div>
            <Button variant="outline" size="sm" onClick={onLogout} disabled={loggingOut}>
              <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
              {t('nav.logout')}
            </Button>
            <PhoneMenu links={links} userName={userName} companyName={companyName} />
          </div>
        </div>
      </header>
      <MainContent className="container-page py-8">{children}</MainContent>
    </div>
  );
}

/** The phone menu: a plain button until first pressed (or hovered or focused), then the real menu, opened. */
function PhoneMenu(props: Omit<MemberMobileMenuProps, 'defaultOpen'>) {
  const { t } = useTranslation();
  const [requested, setRequested] = useState(false);
  const standIn = (
    <MobileMenuButton
      label={t('nav.menu')}
      aria-expanded={false}
      onPointerEnter={MemberMobileMenu.preload}
      onPointerDown={MemberMobileMenu.preload}
      onFocus={MemberMobileMenu.preload}
      onClick={() => setRequested(true)}
    />
  );
  if (!requested) return standIn;
  return (
    <Suspense fallback={standIn}>
      <MemberMobileMenu {...props} defaultOpen />
    </Suspense>
  );
}
