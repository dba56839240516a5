import { NavLink } from 'react-router';
import { useTranslation } from '#client/i18n';
import { cn } from '#client/lib/utils';

/** The team's own pages: members, horizon and activity. */
export function TeamNav() {
  const { t } = useTranslation();
  const links = [
    { to: '/team', label: t('team.page.members') },
    { to: '/team/horizon', label: t('team.page.horizon') },
    { to: '/team/activity', label: t('team.page.activity') },
  ];
  return (
    <nav aria-label={t('team.page.links')}>
      <ul className="flex flex-wrap gap-1 border-b pb-2">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end
              className={({ isActive }) =>
                cn(
                  'inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium hover:bg-accent',
                  isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
                )
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
