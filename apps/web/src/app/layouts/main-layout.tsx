import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Sidebar } from '../../components/ui/sidebar.tsx';
import { SidebarProvider } from '../../components/ui/sidebar-provider.tsx';
import { useSidebar } from '../../components/ui/sidebar-context.ts';
import { UndoToaster } from '../../components/ui/undo-toast.tsx';
import { ActingAsBannerSlot } from '../components/acting-as-header.tsx';
import { AppHeader } from '../components/app-header.tsx';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { MainNav } from '../components/main-nav.tsx';
import { OnboardingStatusEvents } from '../components/onboarding-status-events.tsx';
import { NewsPopupSlot } from '../../features/news/components/news-popup-slot.tsx';
import { ShellProviders } from '../shell-providers.tsx';

/** On phones the navigation sheet closes once the page changes (a link, back or forward). */
function CloseSheetOnNavigate() {
  const { pathname, search } = useLocation();
  const { setOpenMobile } = useSidebar();
  useEffect(() => {
    setOpenMobile(false);
  }, [pathname, search, setOpenMobile]);
  return null;
}

/** The authenticated shell with what only its screens use (query-string state, tooltips, toasts). */
export function MainLayout() {
  return (
    <ShellProviders>
      <MainShell />
    </ShellProviders>
  );
}

/** The authenticated shell: header, collapsible sidebar with the main navigation, main content. */
function MainShell() {
  const { t } = useTranslation('common');
  return (
    <SidebarProvider>
      <CloseSheetOnNavigate />
      {/* Beside the sidebar's state: the undo toasts sit in its empty lower part when it is open. */}
      <UndoToaster />
      {/* The product's news (issue 38 part 5): asked once per load, its dialog loaded when there is one. */}
      <NewsPopupSlot />
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow-lg"
      >
        {t('common:skip_to_content')}
      </a>
      <div className="min-h-screen">
        <AppHeader />
        <ActingAsBannerSlot />
        <div className="flex">
          <Sidebar mobileTitle={t('common:header.menu')}>
            <MainNav />
          </Sidebar>
          <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
            <Suspense fallback={<LoadingScreen />}>
              <OnboardingStatusEvents>
                <Outlet />
              </OnboardingStatusEvents>
            </Suspense>
          </main>
        </div>
      </div>
    </SidebarProvider>
  );
}
