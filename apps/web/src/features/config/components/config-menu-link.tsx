import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { isActiveEntry } from '../lib/config-menu-filter.ts';
import type { ConfigMenuItem } from '../lib/config-menu-items.ts';

type Props = { item: ConfigMenuItem; label: string; pathname: string; danger?: boolean };

export function ConfigMenuLink({ item, label, pathname, danger }: Props) {
  const active = isActiveEntry(item, pathname);
  const Icon = item.icon;
  return (
    <Link
      to={`/config/${item.path ?? ''}`}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
        active ? 'bg-brand-50 font-medium text-brand-800' : 'hover:bg-slate-100',
        danger || item.danger ? 'text-red-700' : active ? '' : 'text-slate-700',
      )}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span>{label}</span>
    </Link>
  );
}
