import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TActingRole } from '@embauche/contracts/acting-as';
import { useActingRoles } from '../api/get-acting-roles.ts';
import { choiceClass } from './choice-list.tsx';

type RoleTreePickerProps = { currentRoleId: number | null; onPick: (id: number) => void; disabled: boolean };

/** Spec 6: the partner's role picker, the acted-as company's roles as a tree (one root). */
export function RoleTreePicker({ currentRoleId, onPick, disabled }: RoleTreePickerProps) {
  const { t } = useTranslation('actingAs');
  const id = useId();
  const roles = useActingRoles();
  const all = roles.data ?? [];
  const branch = (parentId: number | null): TActingRole[] => all.filter((r) => r.parent_id === parentId);
  const render = (parentId: number | null, depth: number) => {
    const children = branch(parentId);
    if (!children.length) return null;
    return (
      <ul className={depth ? 'ml-4 border-l border-slate-200 pl-2' : 'space-y-0.5'} aria-label={depth ? undefined : t('actingAs:role.label')}>
        {children.map((role) => (
          <li key={role.id}>
            <button
              type="button"
              className={choiceClass(role.id === currentRoleId)}
              aria-current={role.id === currentRoleId ? 'true' : undefined}
              disabled={disabled}
              onClick={() => onPick(role.id)}
            >
              {role.name}
            </button>
            {render(role.id, depth + 1)}
          </li>
        ))}
      </ul>
    );
  };
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        {t('actingAs:role.label')}
      </h3>
      {render(null, 0)}
    </section>
  );
}
