import { useLocation, useNavigate } from 'react-router';
import { Logo } from '#client/components/layouts/logo';
import { MainContent } from '#client/components/layouts/main-content';
import { SkipLink } from '#client/components/layouts/skip-link';
import { Badge } from '#client/components/ui/badge';
import { AcceptInviteScreen } from '#client/features/admin/components/accept-invite/accept-invite-screen';
import { AdminScreen } from '#client/features/admin/components/admin-screen';
import { useTranslation } from '#client/i18n';
import { STORAGE_KEYS, writeStorage } from '#client/lib/storage';
import { ADMIN_ACCEPT_PATH } from '#shared/admin-admins';

/** The console, and the page an administrator invite links to (set a password, enrol the second factor). */
export default function AdminRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b bg-card">
        <div className="container-page flex h-16 items-center gap-3">
          <Logo />
          <Badge variant="info">{t('admin.badge')}</Badge>
        </div>
      </header>
      <MainContent className="bg-muted/60">
        {pathname === ADMIN_ACCEPT_PATH ? (
          <AcceptInviteScreen
            onDone={() => {
              writeStorage(STORAGE_KEYS.adminAuthenticated, 'true');
              void navigate('/admin', { replace: true });
            }}
          />
        ) : (
          <AdminScreen />
        )}
      </MainContent>
    </div>
  );
}
