import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Settings } from 'lucide-react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { findActiveEntry } from '../lib/config-menu-filter.ts';
import type { ConfigMenuItem } from '../lib/config-menu-items.ts';
import { ConfigSideMenu } from './config-side-menu.tsx';

type Props = { items: ConfigMenuItem[]; pathname: string; children: ReactNode };

/** Two columns: the 20rem side menu, then the page under the selected entry's icon and name. */
export function ConfigLayout({ items, pathname, children }: Props) {
  const { t } = useTranslation('config');
  const active = findActiveEntry(items, pathname);
  const title = active ? t(active.labelKey) : t('config:title');
  const Icon = active?.icon ?? Settings;
  useDocumentTitle(title);
  return (
    <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
      <div className="w-full shrink-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm lg:sticky lg:top-20 lg:w-80">
        <ConfigSideMenu items={items} pathname={pathname} />
      </div>
      <section className="min-w-0 flex-1 rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby="config-page-title">
        <header className="flex items-center gap-3 border-b border-slate-100 px-6 py-4">
          <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <h1 id="config-page-title" className="text-xl font-semibold text-slate-900">
            {title}
          </h1>
        </header>
        <div>{children}</div>
      </section>
    </div>
  );
}
