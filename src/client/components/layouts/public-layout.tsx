import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button';
import { useTranslation } from '#client/i18n';
import { LanguageSwitcher } from '#client/i18n/language-switcher';
import { withRedirect } from '#client/lib/safe-redirect';
import { safeRedirectPath } from '#shared/redirect';
import { cn } from '#client/lib/utils';
import { Logo } from './logo';
import { MainContent } from './main-content';
import { SkipLink } from './skip-link';

export interface PublicLayoutProps {
  children: ReactNode;
  /** The landing page: section links point into the page itself. */
  landing?: boolean;
  /** Show the Log in / Sign up links in the header (off on the sign-in page itself). */
  authLinks?: boolean;
  mainClassName?: string;
  /** A signed-in member: the header offers the dashboard instead of Log in / Sign up. */
  signedIn?: boolean;
}

/** Header, main landmark and footer for pages seen by visitors. */
export function PublicLayout({
  children,
  landing = false,
  authLinks = true,
  mainClassName,
  signedIn = false,
}: PublicLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <PublicHeader landing={landing} authLinks={authLinks} signedIn={signedIn} />
      <MainContent className={mainClassName}>{children}</MainContent>
      <PublicFooter landing={landing} />
    </div>
  );
}

function sectionHref(landing: boolean, id: string): string {
  return landing ? `#${id}` : `/#${id}`;
}

function PublicHeader({
  landing,
  authLinks,
  signedIn,
}: {
  landing: boolean;
  authLinks: boolean;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  const sections = [
    { id: 'features', label: t('layout.nav.features') },
    { id: 'how-it-works', label: t('layout.nav.howItWorks') },
    { id: 'pricing', label: t('layout.nav.pricing') },
    { id: 'sources', label: t('layout.nav.sources') },
  ];

  return (
    <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85">
      <div className="container-page flex h-16 items-center justify-between gap-3">
        {/* on phones the wordmark is read out but not shown, leaving room for language and sign-in */}
        <Logo compactOnPhone={authLinks} />
        {landing && (
          <nav aria-label={t('layout.nav.sectionsLabel')} className="hidden lg:block">
            <ul className="flex items-center gap-1">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={sectionHref(landing, section.id)}
                    className="inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-accent-foreground"
                  >
                    {section.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="flex items-center gap-1 sm:gap-2">
          <LanguageSwitcher />
          {signedIn && (
            <Button asChild size="sm">
              <Link to="/">{t('layout.goToDashboard')}</Link>
            </Button>
          )}
          {authLinks && !signedIn && (
            <>
              <Button asChild variant="ghost" size="sm" className="px-2 sm:px-3">
                <Link to={withRedirect('/auth?action=signin', redirect)}>{t('layout.logIn')}</Link>
              </Button>
              <Button asChild size="sm" className="px-3">
                <Link to={withRedirect('/auth?action=signup', redirect)}>{t('layout.signUp')}</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

function FooterLink({
  href,
  children,
  internal = false,
}: {
  href: string;
  children: ReactNode;
  internal?: boolean;
}) {
  const className = cn(
    'inline-flex min-h-8 items-center rounded-sm text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline',
  );
  if (internal) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className}>
      {children}
    </a>
  );
}

function PublicFooter({ landing }: { landing: boolean }) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t bg-card">
      <div className="container-page grid gap-8 py-10 md:grid-cols-[1.5fr_1fr_1fr]">
        <div className="grid content-start gap-3">
          <Logo />
          <p className="max-w-sm text-sm text-muted-foreground">{t('layout.footer.tagline')}</p>
        </div>
        <nav aria-label={t('layout.footer.productLabel')}>
          <h2 className="text-sm font-semibold">{t('layout.footer.product')}</h2>
          <ul className="mt-3 grid gap-1">
            <li>
              <FooterLink href={sectionHref(landing, 'features')}>{t('layout.nav.features')}</FooterLink>
            </li>
            <li>
              <FooterLink href={sectionHref(landing, 'pricing')}>{t('layout.nav.pricing')}</FooterLink>
            </li>
            <li>
              <FooterLink href="/api/login">{t('layout.footer.getStarted')}</FooterLink>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('layout.footer.legalLabel')}>
          <h2 className="text-sm font-semibold">{t('layout.footer.legal')}</h2>
          <ul className="mt-3 grid gap-1">
            <li>
              <FooterLink href="/terms" internal>
                {t('layout.footer.terms')}
              </FooterLink>
            </li>
            <li>
              <FooterLink href="/privacy" internal>
                {t('layout.footer.privacy')}
              </FooterLink>
            </li>
            <li>
              <FooterLink href="/cookies" internal>
                {t('layout.footer.cookies')}
              </FooterLink>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t">
        {/* the public pages' HTML is rendered at build time: in a new year, until the next build,
            hydration keeps that year's figure rather than failing over it */}
        <p className="container-page py-4 text-xs text-muted-foreground" suppressHydrationWarning>
          {t('layout.footer.copyright', { year })}
        </p>
      </div>
    </footer>
  );
}
