import { Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/ui/logo.tsx';
import { SidebarTrigger } from '../../components/ui/sidebar.tsx';
import { canUser, useCurrentUser } from '../session/use-current-user.ts';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell.tsx';
import { SmsBell } from '../../features/sms/components/sms-bell.tsx';
import { RecruitmentListsButton } from '../../features/recruitment-lists/components/recruitment-lists-button.tsx';
import { HeaderActingAsSwitcher } from './acting-as-header.tsx';
import { HeaderLanguageSwitcher } from './header-language-switcher.tsx';
import { HeaderLinks } from './header-links.tsx';
import { canUseSms } from './sms-access.ts';
import { UserMenu } from './user-menu.tsx';

export function AppHeader() {
  const { t } = useTranslation('common');
  const me = useCurrentUser();
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur">
      <SidebarTrigger label={t('common:header.toggle_sidebar')} />
      <Link
        to="/"
        aria-label={t('common:header.home')}
        className="flex items-center gap-2 rounded-lg px-1.5 py-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <Logo className="size-7" />
        <span aria-hidden="true" className="text-lg font-semibold tracking-tight text-slate-900 max-sm:hidden">
          Embauche
        </span>
      </Link>
      <span className="ml-2 hidden truncate rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 md:inline">
        {me.company_name}
      </span>
      {/* Tighter below 640 px: both bells, the links, the language and the avatar fit in 390 px. */}
      <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
        <HeaderActingAsSwitcher />
        <HeaderLinks />
        <HeaderLanguageSwitcher />
        {canUser(me, 'project.list') ? (
          // From 1024 px only (the button hides itself below); the sourcing namespace: only it waits.
          <Suspense fallback={null}>
            <RecruitmentListsButton />
          </Suspense>
        ) : null}
        {/* Its translations may arrive after the shell's: the bell alone waits for them. */}
        <Suspense fallback={<span className="size-9" />}>
          <NotificationsBell user={me} />
        </Suspense>
        {canUseSms(me) ? (
          // The sms namespace is read by SMS users only: the bell alone waits for it.
          <Suspense fallback={<span className="size-9" />}>
            <SmsBell />
          </Suspense>
        ) : null}
        <UserMenu />
      </div>
    </header>
  );
}
