import { Outlet } from 'react-router';
import { Logo } from '../../components/ui/logo.tsx';
import { LazyLanguageSwitcher } from '../../components/lazy-language-switcher.tsx';

/** Shared links and booking pages: no session, no navigation. */
export function PublicLayout() {
  return (
    <div className="min-h-screen">
      <header className="flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4">
        <span className="flex items-center gap-2">
          <Logo className="size-7" />
          <span className="font-semibold text-slate-900">Embauche</span>
        </span>
        <LazyLanguageSwitcher />
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}
