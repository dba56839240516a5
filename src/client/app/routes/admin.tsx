import { Logo } from '#client/components/layouts/logo';
import { MainContent } from '#client/components/layouts/main-content';
import { SkipLink } from '#client/components/layouts/skip-link';
import { Badge } from '#client/components/ui/badge';
import { AdminScreen } from '#client/features/admin/components/admin-screen';
import { useTranslation } from '#client/i18n';

export default function AdminRoute() {
  const { t } = useTranslation();
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
        <AdminScreen />
      </MainContent>
    </div>
  );
}
