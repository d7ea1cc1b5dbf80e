import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { Input } from '../../../components/ui/input.tsx';
import { findActiveEntry, searchMenu, sortMenu } from '../lib/config-menu-filter.ts';
import type { ConfigMenuItem } from '../lib/config-menu-items.ts';
import { ConfigMenuGroup } from './config-menu-group.tsx';
import { ConfigMenuLink } from './config-menu-link.tsx';

type Props = { items: ConfigMenuItem[]; pathname: string };

/** Spec 2: searchable, sorted, Account pinned above a separator, groups open on their active child. */
export function ConfigSideMenu({ items, pathname }: Props) {
  const { t, i18n } = useTranslation('config');
  const [query, setQuery] = useState('');
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const label = (item: ConfigMenuItem) => t(item.labelKey);
  const sorted = useMemo(() => sortMenu(items, (item) => t(item.labelKey), i18n.language), [items, t, i18n.language]);
  const visible = searchMenu(sorted, query, label);
  const searching = query.trim() !== '';

  const isOpen = (item: ConfigMenuItem) =>
    searching || (toggled[item.id] ?? Boolean(findActiveEntry(item.children ?? [], pathname)));

  const render = (item: ConfigMenuItem) =>
    item.children ? (
      <ConfigMenuGroup
        key={item.id}
        item={item}
        open={isOpen(item)}
        onToggle={() => setToggled((state) => ({ ...state, [item.id]: !isOpen(item) }))}
        label={label}
        pathname={pathname}
      />
    ) : (
      <li key={item.id}>
        <ConfigMenuLink item={item} label={label(item)} pathname={pathname} />
      </li>
    );

  const pinned = visible.filter((item) => item.pinned);
  const others = visible.filter((item) => !item.pinned);
  return (
    <nav aria-label={t('config:menu_label')} className="flex flex-col gap-3">
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
        <Input
          type="search"
          aria-label={t('config:search')}
          placeholder={t('config:search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="pl-9"
        />
      </div>
      {pinned.length ? <ul className="flex flex-col gap-0.5">{pinned.map(render)}</ul> : null}
      {pinned.length && others.length ? <hr className="border-slate-200" /> : null}
      {others.length ? <ul className="flex flex-col gap-0.5">{others.map(render)}</ul> : null}
      {!visible.length ? <p className="px-2.5 text-sm text-slate-600">{t('config:no_results')}</p> : null}
    </nav>
  );
}
