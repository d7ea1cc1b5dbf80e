import { useTranslation } from 'react-i18next';
import { Pencil, Trash2, UsersRound } from 'lucide-react';
import type { TGroup } from '@embauche/contracts/groups';
import { Button } from '../../../components/ui/button.tsx';
import { useMediaQuery } from '../../../lib/use-media-query.ts';

/** Wide enough for the table beside the app's and the configuration's menus. */
export const GROUPS_TABLE_QUERY = '(min-width: 1024px)';

type Props = {
  groups: TGroup[];
  onMembers: (group: TGroup) => void;
  onRename: (group: TGroup) => void;
  onDelete: (group: TGroup) => void;
};

function Actions({ group, onMembers, onRename, onDelete, compact = false }: Omit<Props, 'groups'> & { group: TGroup; compact?: boolean }) {
  const { t } = useTranslation('groups');
  const actions = [
    { key: 'members', icon: UsersRound, label: t('groups:list.edit_members', { name: group.name }), short: t('groups:list.edit_members_short'), run: onMembers },
    { key: 'rename', icon: Pencil, label: t('groups:list.rename', { name: group.name }), short: t('groups:list.rename_short'), run: onRename },
    { key: 'delete', icon: Trash2, label: t('groups:list.delete', { name: group.name }), short: t('groups:list.delete_short'), run: onDelete },
  ];
  return (
    <div className="flex flex-wrap justify-end gap-1">
      {actions.map(({ key, icon: Icon, label, short, run }) => (
        <Button key={key} variant="ghost" size={compact ? 'icon' : 'sm'} aria-label={label} title={compact ? label : undefined} onClick={() => run(group)}>
          <Icon aria-hidden="true" />
          {compact ? null : <span aria-hidden="true">{short}</span>}
        </Button>
      ))}
    </div>
  );
}

/** A table on wide screens, stacked cards on phones and narrow windows (no sideways scroll). */
export function GroupsList(props: Props) {
  const { t } = useTranslation('groups');
  const wide = useMediaQuery(GROUPS_TABLE_QUERY);
  const count = (g: TGroup) => t('groups:list.members_count', { count: g.member_count });
  if (!wide)
    return (
      <ul className="flex flex-col gap-3" aria-label={t('groups:list.label')}>
        {props.groups.map((g) => (
          <li key={g.id} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <p className="break-words font-medium text-slate-900">{g.name}</p>
            <p className="text-sm text-slate-700">{count(g)}</p>
            <Actions group={g} {...props} />
          </li>
        ))}
      </ul>
    );
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">{t('groups:list.label')}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('groups:list.name')}
            </th>
            <th scope="col" className="w-36 px-3 py-2 font-semibold">
              {t('groups:list.members')}
            </th>
            <th scope="col" className="w-36 px-2 py-2 text-right font-semibold">
              <span className="sr-only">{t('groups:list.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {props.groups.map((g) => (
            <tr key={g.id}>
              <td className="break-words px-3 py-2 align-middle font-medium text-slate-900">{g.name}</td>
              <td className="px-3 py-2 align-middle text-slate-900">{count(g)}</td>
              <td className="px-2 py-1 align-middle">
                <Actions group={g} compact {...props} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
