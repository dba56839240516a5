import { DevelopersScreen } from '#client/features/developers/components/developers-screen';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { useTranslation } from '#client/i18n';
import { PublicPage } from '../public-page';

export default function DevelopersRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('developers.page.title'));
  return (
    <PublicPage>
      <DevelopersScreen />
    </PublicPage>
  );
}
