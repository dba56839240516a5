import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';

/** The toast for a settings change the server refused: its own message, else the spec's text. */
export function useUpdateFailed() {
  const { t } = useTranslation();
  return (error: unknown) =>
    toast({
      title: t('settings.common.errorTitle'),
      description: apiErrorMessage(error, t('settings.common.updateFailed')),
      variant: 'destructive',
    });
}
