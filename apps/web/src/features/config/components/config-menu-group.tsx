import { useId } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import type { ConfigMenuItem } from '../lib/config-menu-items.ts';
import { ConfigMenuLink } from './config-menu-link.tsx';

type Props = {
  item: ConfigMenuItem;
  open: boolean;
  onToggle: () => void;
  label: (item: ConfigMenuItem) => string;
  pathname: string;
};

export function ConfigMenuGroup({ item, open, onToggle, label, pathname }: Props) {
  const listId = useId();
  const Icon = item.icon;
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
        className={cn(
          'flex w-full items-center gap-2.5 rounded-lg px-2.5 py-2 text-left text-sm font-medium transition-colors hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
          item.danger ? 'text-red-700' : 'text-slate-800',
        )}
      >
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        <span className="flex-1">{label(item)}</span>
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open ? 'rotate-180' : '')} />
      </button>
      {open ? (
        <ul id={listId} className="mt-0.5 flex flex-col gap-0.5 border-l border-slate-200 pl-2 ml-4">
          {item.children?.map((child) => (
            <li key={child.id}>
              <ConfigMenuLink item={child} label={label(child)} pathname={pathname} danger={item.danger} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
