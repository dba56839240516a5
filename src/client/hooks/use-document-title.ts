import { useEffect } from 'react';
import { useTranslation } from '#client/i18n';

/** Sets a unique page title ("Sign in – Lexwatch"); prefixed "Error: " while a form shows errors. */
export function useDocumentTitle(title: string | undefined, options: { error?: boolean } = {}): void {
  const { t } = useTranslation();
  const appName = t('app.name');
  const { error = false } = options;
  useEffect(() => {
    const base = title ? t('app.titleTemplate', { page: title, app: appName }) : appName;
    document.title = error ? t('form.errorTitlePrefix', { title: base }) : base;
  }, [title, error, appName, t]);
}
