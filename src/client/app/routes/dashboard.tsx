import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card';
import { useAuth } from '#client/features/auth/hooks/use-auth';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { MemberShell } from '../member-shell';

/** The member's home screen. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const { user } = useAuth();
  useDocumentTitle(t('dashboard.title'));
  return (
    <MemberShell>
      <div className="grid gap-6">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('dashboard.title')}</h1>
          <p className="text-muted-foreground">{t('dashboard.welcome', { name: user?.firstName ?? '' })}</p>
        </div>
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t('dashboard.listTitle')}</CardTitle>
            <CardDescription>{t('dashboard.listDescription')}</CardDescription>
          </CardHeader>
          <CardContent />
        </Card>
      </div>
    </MemberShell>
  );
}

export default DashboardScreen;
