import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu';
import { useTranslation } from '#client/i18n';
import { MobileMenuButton } from './mobile-menu-button';

export interface MemberNavLink {
  to: string;
  label: string;
  end: boolean;
}

export interface MemberMobileMenuProps {
  links: MemberNavLink[];
  userName: string;
  companyName?: string | null;
  /** Open at once: the member pressed the button before this code had arrived. */
  defaultOpen?: boolean;
}

/** The phone navigation menu (the header's links and the member's name), hidden from md up. */
export default function MemberMobileMenu({
  links,
  userName,
  companyName,
  defaultOpen = false,
}: MemberMobileMenuProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <MobileMenuButton label={t('nav.menu')} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="font-normal">
          <span className="block text-sm font-medium">
            <bdi>{userName}</bdi>
          </span>
          {companyName && (
            <span className="block text-xs text-muted-foreground">
              <bdi>{companyName}</bdi>
            </span>
          )}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {links.map((link) => (
          <DropdownMenuItem key={link.to} asChild>
            <Link to={link.to}>{link.label}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
