import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronDown, LogOut, Receipt, Settings2, UserRound } from 'lucide-react';
import { Avatar } from '../../components/ui/avatar.tsx';
import {
  DropdownMenu, DropdownMenuContent, DropdownMenuGroup, DropdownMenuItem, DropdownMenuLabel,
  DropdownMenuSeparator, DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { canUser, useCurrentUser } from '../session/use-current-user.ts';

/** Spec 2: name, profile, user settings, billing (offers follow-up) for the one customer, sign-out. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const me = useCurrentUser();
  const logout = useLogout();
  const name = `${me.firstname} ${me.lastname}`.trim();
  const billing = canUser(me, 'project_job_offer.billing') && me.features.includes('OffersFollowUp');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`${t('common:header.user_menu')}, ${name}`}
        className="flex items-center gap-2 rounded-full p-1 pr-2 text-sm font-medium text-slate-800 transition-colors hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <Avatar src={me.img_src} name={name} />
        <span className="hidden max-w-40 truncate lg:inline">{name}</span>
        <ChevronDown aria-hidden="true" className="size-4 text-slate-600" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="normal-case tracking-normal">
          <span className="block text-sm font-semibold text-slate-900">{name}</span>
          <span className="block truncate text-xs font-normal text-slate-600">{me.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserRound aria-hidden="true" />
            {t('common:header.profile')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/user-settings">
            <Settings2 aria-hidden="true" />
            {t('common:header.user_settings')}
          </Link>
        </DropdownMenuItem>
        {billing ? (
          <DropdownMenuGroup>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>{t('common:header.billing')}</DropdownMenuLabel>
            <DropdownMenuItem asChild>
              <Link to="/offers-follow-up">
                <Receipt aria-hidden="true" />
                {t('common:nav.offers_follow_up')}
              </Link>
            </DropdownMenuItem>
          </DropdownMenuGroup>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => logout.mutate()} className="text-red-700 data-[highlighted]:text-red-800">
          <LogOut aria-hidden="true" className="!text-red-700" />
          {t('common:header.sign_out')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
