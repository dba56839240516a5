import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '#client/i18n';
import { cn } from '#client/lib/utils';
import { useCurrentOrg } from '../api/orgs';

/** The dashboard's My items / Team view switch, shown to members of an organisation. */
export function ViewSwitch() {
  const { t } = useTranslation();
  const org = useCurrentOrg();
  const [params] = useSearchParams();
  if (!org.data) return null;
  const team = params.get('view') === 'team';
  const link = (active: boolean) =>
    cn(
      'inline-flex min-h-10 items-center rounded-md px-4 text-sm font-medium',
      active ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
    );
  return (
    <nav aria-label={t('team.view.switch')}>
      <ul className="inline-flex gap-1 rounded-lg bg-muted p-1">
        <li>
          <Link to="/" aria-current={team ? undefined : 'page'} className={link(!team)}>
            {t('team.view.my')}
          </Link>
        </li>
        <li>
          <Link to="/?view=team" aria-current={team ? 'page' : undefined} className={link(team)}>
            {t('team.view.team')}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
