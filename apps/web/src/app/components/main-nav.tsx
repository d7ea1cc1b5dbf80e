import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { useSidebar } from '../../components/ui/sidebar-context.ts';
import { cn } from '../../lib/cn.ts';
import { useCan } from '../session/use-current-user.ts';
import { isInSection, lastProjectPath, NAV_ITEMS } from '../navigation/nav-items.ts';

/** The main navigation, filtered by permission; labels stay as accessible names when collapsed. */
export function MainNav() {
  const { t } = useTranslation('common');
  const { open, isMobile, setOpenMobile } = useSidebar();
  // In the phone sheet the labels always show.
  const expanded = open || isMobile;
  const can = useCan();
  const { pathname } = useLocation();
  const items = NAV_ITEMS.filter((item) => can(item.permission));
  return (
    <nav aria-label={t('common:nav.main')} className="p-2">
      <ul className="flex flex-col gap-1">
        {items.map((item) => {
          const Icon = item.icon;
          const active = isInSection(pathname, item.section);
          const label = t(`common:nav.${item.id}`);
          return (
            <li key={item.id} className={cn(item.mobileHidden && 'max-md:hidden')} data-mobile-hidden={item.mobileHidden || undefined}>
              <Tooltip content={label} disabled={expanded}>
                <Link
                  to={item.id === 'projects' ? lastProjectPath() : item.to}
                  aria-current={active ? 'page' : undefined}
                  // The sheet closes after navigating, even to the page already shown.
                  onClick={isMobile ? () => setOpenMobile(false) : undefined}
                  className={cn(
                    'flex h-9 items-center gap-3 rounded-lg px-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                    active ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                  )}
                >
                  <Icon aria-hidden="true" className={cn('size-4 shrink-0', active ? 'text-brand-700' : 'text-slate-600')} />
                  <span className={cn('truncate', !expanded && 'sr-only')}>{label}</span>
                </Link>
              </Tooltip>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
