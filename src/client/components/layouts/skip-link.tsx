import { MAIN_CONTENT_ID } from '#client/hooks/use-route-focus';
import { useTranslation } from '#client/i18n';

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-[60] rounded-md bg-primary px-4 py-3 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
    >
      {t('layout.skipToContent')}
    </a>
  );
}
