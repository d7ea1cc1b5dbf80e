import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/ui/logo.tsx';
import { LazyLanguageSwitcher } from '../../components/lazy-language-switcher.tsx';

/** Login and registration: a brand panel and the form, with a language switcher. */
export function GuestLayout() {
  const { t } = useTranslation(['login', 'common']);
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <aside aria-label="Embauche" className="relative hidden overflow-hidden bg-brand-700 p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div className="flex items-center gap-3">
          <Logo className="size-9 rounded-lg ring-2 ring-white/30" />
          <span className="text-xl font-semibold tracking-tight">Embauche</span>
        </div>
        <div className="max-w-md">
          <p className="text-3xl font-semibold leading-tight">{t('login:tagline')}</p>
          <p className="mt-3 text-brand-100">{t('login:footer')}</p>
        </div>
        <div aria-hidden="true" className="absolute -right-24 -top-24 size-96 rounded-full bg-white/10" />
        <div aria-hidden="true" className="absolute -bottom-32 right-24 size-72 rounded-full bg-white/5" />
      </aside>
      <div className="flex flex-col">
        <header className="flex items-center justify-between p-4 lg:justify-end">
          <span className="flex items-center gap-2 lg:hidden">
            <Logo className="size-7" />
            <span className="font-semibold text-slate-900">Embauche</span>
          </span>
          <LazyLanguageSwitcher />
        </header>
        <main className="flex flex-1 items-center justify-center px-4 pb-16">
          <div className="w-full max-w-sm">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
