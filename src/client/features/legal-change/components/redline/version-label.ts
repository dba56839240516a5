import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';

/** 'As enacted', 'Current', 'In force on 19 Jun 2026': a version label in the reader's words. */
export function useVersionName(): (label: string) => string {
  const { t } = useTranslation();
  const format = useFormat();
  return (label) => {
    if (label === 'enacted') return t('legalChange.redline.enacted');
    if (label === 'made') return t('legalChange.redline.made');
    if (label === 'current') return t('legalChange.redline.current');
    return t('legalChange.redline.inForceOn', { date: format.date(label) || label });
  };
}
