import { FileQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { useTranslation } from '#client/i18n';
import { PublicPage } from '../public-page';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <PublicPage>
      <div className="container-page flex justify-center py-16 sm:py-24">
        <div className="grid max-w-md justify-items-center gap-4 text-center">
          <FileQuestion aria-hidden="true" className="size-12 text-muted-foreground" />
          <h1 className="text-3xl font-semibold tracking-tight">{t('notFound.title')}</h1>
          <p className="text-muted-foreground">{t('notFound.description')}</p>
          <Button asChild>
            <Link to="/">{t('notFound.home')}</Link>
          </Button>
        </div>
      </div>
    </PublicPage>
  );
}
