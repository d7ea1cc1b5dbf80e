import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TRole } from '@embauche/contracts/roles';
import { cn } from '../../../lib/cn.ts';
import { roleDepths } from './role-tree-utils.ts';

type Props = {
  roles: TRole[];
  selectedId: number | null;
  onSelect: (id: number) => void;
};

/**
 * The roles as an ARIA tree (every branch open): arrows move the focus (Up/Down, Left to the
 * parent, Right to the first child, Home/End), Enter or Space selects; one item is in the tab order.
 */
export function RolesTree({ roles, selectedId, onSelect }: Props) {
  const { t } = useTranslation('rights');
  const depths = roleDepths(roles);
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const items = useRef(new Map<number, HTMLLIElement>());
  const current = roles.some((r) => r.id === focusedId) ? focusedId : (selectedId ?? roles[0]?.id ?? null);

  const focus = (id: number | undefined) => {
    if (id === undefined) return;
    setFocusedId(id);
    items.current.get(id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, role: TRole, index: number) => {
    const moves: Record<string, () => number | undefined> = {
      ArrowDown: () => roles[index + 1]?.id,
      ArrowUp: () => roles[index - 1]?.id,
      Home: () => roles[0]?.id,
      End: () => roles[roles.length - 1]?.id,
      ArrowLeft: () => role.parent_id ?? undefined,
      ArrowRight: () => roles.find((r) => r.parent_id === role.id)?.id,
    };
    if (moves[event.key]) {
      event.preventDefault();
      focus(moves[event.key]!());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(role.id);
    }
  };

  return (
    <ul role="tree" aria-label={t('rights:tree.label')} className="flex flex-col gap-0.5">
      {roles.map((role, index) => {
        const depth = depths.get(role.id) ?? 0;
        const siblings = roles.filter((r) => r.parent_id === role.parent_id);
        const hasChildren = roles.some((r) => r.parent_id === role.id);
        const selected = role.id === selectedId;
        return (
          <li
            key={role.id}
            ref={(node) => {
              if (node) items.current.set(role.id, node);
              else items.current.delete(role.id);
            }}
            role="treeitem"
            aria-level={depth + 1}
            aria-setsize={siblings.length}
            aria-posinset={siblings.indexOf(role) + 1}
            aria-selected={selected}
            aria-expanded={hasChildren ? true : undefined}
            tabIndex={role.id === current ? 0 : -1}
            onKeyDown={(event) => onKeyDown(event, role, index)}
            onClick={() => {
              setFocusedId(role.id);
              onSelect(role.id);
            }}
            onFocus={() => setFocusedId(role.id)}
            style={{ paddingLeft: `${0.5 + Math.min(depth, 8) * 1}rem` }}
            className={cn(
              'flex min-w-0 cursor-pointer items-center justify-between gap-2 rounded-md py-2 pr-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
              selected ? 'bg-brand-50 font-semibold text-brand-800' : 'text-slate-800 hover:bg-slate-100',
            )}
          >
            <span className="min-w-0 break-words">
              {role.name}
              {role.parent_id === null ? <span className="ml-2 text-xs font-normal text-slate-600">({t('rights:tree.root')})</span> : null}
            </span>
            <span className="shrink-0 text-xs font-normal text-slate-600">{t('rights:tree.users', { count: role.user_count })}</span>
          </li>
        );
      })}
    </ul>
  );
}
