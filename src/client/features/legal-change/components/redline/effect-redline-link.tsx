import { Link } from 'react-router';
import { useTranslation } from '#client/i18n';
import { redlineSearch } from './redline-params';

/** An effect's link to the redline of the provision it affects (the page's "Changes to the text" tab). */
export function EffectRedlineLink({ diffPath }: { diffPath: string | null }) {
  const { t } = useTranslation();
  const search = diffPath ? redlineSearch(diffPath) : null;
  if (!search) return null;
  return (
    <p className="text-sm">
      <Link
        to={{ search }}
        state={{ showRedline: true }}
        className="text-primary underline underline-offset-4"
      >
        {t('legalChange.redline.viewChanges')}
      </Link>
    </p>
  );
}
