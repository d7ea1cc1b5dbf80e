import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu, Settings } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Sheet } from '../../../components/ui/sheet.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { findActiveEntry } from '../lib/config-menu-filter.ts';
import type { ConfigMenuItem } from '../lib/config-menu-items.ts';
import { ConfigSideMenu } from './config-side-menu.tsx';

type Props = { items: ConfigMenuItem[]; pathname: string; children: ReactNode };

/** Below the 1024px wide breakpoint the two columns would stack, the whole menu above the page. */
const MENU_IN_DRAWER_QUERY = '(max-width: 1023px)';

/**
 * Two columns: the 20rem side menu, then the page under the selected entry's icon and name. On
 * phones and narrow windows the menu (searchable as ever) is a drawer opened from a button above
 * the page, so that the page starts in the first screen rather than after 26 entries.
 */
export function ConfigLayout({ items, pathname, children }: Props) {
  const { t } = useTranslation('config');
  const active = findActiveEntry(items, pathname);
  const title = active ? t(active.labelKey) : t('config:title');
  const Icon = active?.icon ?? Settings;
  useDocumentTitle(title);
  const drawer = useMediaQuery(MENU_IN_DRAWER_QUERY);
  // Open for one page only: choosing an entry closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;
  return (
    <div className={drawer ? 'flex flex-col gap-3' : 'flex flex-col gap-6 lg:flex-row lg:items-start'}>
      {drawer ? (
        <>
          <Button variant="outline" className="self-start" aria-haspopup="dialog" aria-expanded={menuOpen} onClick={() => setMenuOpenAt(pathname)}>
            <Menu aria-hidden="true" />
            {t('config:menu_label')}
          </Button>
          <Sheet open={menuOpen} onOpenChange={(open) => setMenuOpenAt(open ? pathname : null)} title={t('config:menu_label')} className="w-80">
            <div className="p-3">
              <ConfigSideMenu items={items} pathname={pathname} />
            </div>
          </Sheet>
        </>
      ) : (
        <div className="w-full shrink-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm lg:sticky lg:top-20 lg:w-80">
          <ConfigSideMenu items={items} pathname={pathname} />
        </div>
      )}
      <section className="min-w-0 flex-1 rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby="config-page-title">
        <header className="flex items-center gap-3 border-b border-slate-100 px-4 py-4 sm:px-6">
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
