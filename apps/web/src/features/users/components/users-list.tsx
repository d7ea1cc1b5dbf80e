import { useTranslation } from 'react-i18next';
import { Pencil, Power, PowerOff } from 'lucide-react';
import type { TUser } from '@embauche/contracts/users';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { SelectPageCheckbox } from '../../../components/ui/select-page-checkbox.tsx';
import { TruncatedText } from '../../../components/ui/truncated-text.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';

/** Wide enough for the table beside the app's and the configuration's menus. */
export const USERS_TABLE_QUERY = '(min-width: 1024px)';

type Props = {
  users: TUser[];
  /** The signed-in user: they cannot deactivate themselves. */
  meId: number;
  onEdit: (user: TUser) => void;
  onToggleActive: (user: TUser) => void;
  /** The ticked rows (issue 42 part 2): a checkbox per row and one for the page. */
  selected: ReadonlySet<number>;
  onSelect: (users: TUser[], checked: boolean) => void;
};

function useRowParts() {
  const { t, i18n } = useTranslation(['users', 'common']);
  const name = (u: TUser) => `${u.firstname} ${u.lastname}`;
  const lastLogin = (u: TUser) =>
    u.last_login_at ? formatDate(u.last_login_at, 'date', i18n.language) : t('users:list.never');
  const status = (u: TUser) => (
    <Badge tone={u.active ? 'success' : 'neutral'}>{u.active ? t('users:list.active') : t('users:list.inactive')}</Badge>
  );
  return { t, name, lastLogin, status };
}

function Actions({ user, meId, onEdit, onToggleActive, compact = false }: Pick<Props, 'meId' | 'onEdit' | 'onToggleActive'> & { user: TUser; compact?: boolean }) {
  const { t, name } = useRowParts();
  const self = user.id === meId;
  const toggle = t(user.active ? 'users:list.deactivate' : 'users:list.activate', { name: name(user) });
  const edit = t('users:list.edit', { name: name(user) });
  return (
    <div className="flex flex-wrap justify-end gap-1">
      <Button variant="ghost" size={compact ? 'icon' : 'sm'} aria-label={edit} title={compact ? edit : undefined} onClick={() => onEdit(user)}>
        <Pencil aria-hidden="true" />
        {compact ? null : <span aria-hidden="true">{t('users:list.edit_short')}</span>}
      </Button>
      {self && user.active ? null : (
        <Button
          variant="ghost"
          size={compact ? 'icon' : 'sm'}
          aria-label={toggle}
          title={compact ? toggle : undefined}
          onClick={() => onToggleActive(user)}
        >
          {user.active ? <PowerOff aria-hidden="true" /> : <Power aria-hidden="true" />}
          {compact ? null : (
            <span aria-hidden="true">{t(user.active ? 'users:list.deactivate_short' : 'users:list.activate_short')}</span>
          )}
        </Button>
      )}
    </div>
  );
}

/** A table on wide screens, stacked cards on phones and narrow windows (no sideways scroll). */
export function UsersList(props: Props) {
  const wide = useMediaQuery(USERS_TABLE_QUERY);
  const { t, name, lastLogin, status } = useRowParts();
  const groups = (u: TUser) => u.groups.map((g) => g.name).join(', ') || '—';
  const { selected, onSelect } = props;
  const pageBox = <SelectPageCheckbox items={props.users} selected={selected} onSelect={onSelect} label={t('users:batch.select_page')} />;
  const rowBox = (u: TUser) => (
    <Checkbox aria-label={t('users:batch.select_user', { name: name(u) })} checked={selected.has(u.id)} onChange={(e) => onSelect([u], e.target.checked)} />
  );
  if (!wide)
    return (
      <div className="flex flex-col gap-3">
        <label className="flex items-center gap-3 px-1 text-sm text-slate-700">
          {pageBox}
          <span aria-hidden="true">{t('users:batch.select_page_short')}</span>
        </label>
      <ul className="flex flex-col gap-3" aria-label={t('users:list.label')}>
        {props.users.map((u) => (
          <li key={u.id} className={`flex flex-col gap-2 rounded-xl border p-4 shadow-sm ${selected.has(u.id) ? 'border-brand-200 bg-brand-50/60' : 'border-slate-200 bg-white'}`}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="shrink-0 pt-0.5">{rowBox(u)}</div>
              <div className="min-w-0 flex-1">
                <p className="break-words font-medium text-slate-900">{name(u)}</p>
                <p className="break-all text-sm text-slate-700">{u.email}</p>
              </div>
              {status(u)}
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">{t('users:list.role')}</dt>
              <dd className="break-words text-slate-900">{u.role?.name ?? '—'}</dd>
              <dt className="text-slate-600">{t('users:list.groups')}</dt>
              <dd className="break-words text-slate-900">{groups(u)}</dd>
              <dt className="text-slate-600">{t('users:list.last_login')}</dt>
              <dd className="text-slate-900">{lastLogin(u)}</dd>
            </dl>
            <Actions user={u} {...props} />
          </li>
        ))}
      </ul>
      </div>
    );
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">{t('users:list.label')}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              {pageBox}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('users:list.name')}
            </th>
            <th scope="col" className="w-36 px-3 py-2 font-semibold">
              {t('users:list.role_and_groups')}
            </th>
            <th scope="col" className="w-24 px-2 py-2 font-semibold">
              {t('users:list.status')}
            </th>
            <th scope="col" className="w-24 px-2 py-2 font-semibold">
              {t('users:list.last_login')}
            </th>
            <th scope="col" className="w-24 px-2 py-2 text-right font-semibold">
              <span className="sr-only">{t('users:list.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {props.users.map((u) => (
            <tr key={u.id} className={selected.has(u.id) ? 'bg-brand-50/60' : undefined}>
              <td className="px-3 py-2 align-top">{rowBox(u)}</td>
              <td className="px-3 py-2 align-top">
                {/* Cut to the column when too long, whole on hover and focus. */}
                <TruncatedText text={name(u)} className="font-medium text-slate-900" />
                <TruncatedText text={u.email} className="text-slate-700" />
              </td>
              <td className="px-3 py-2 align-top">
                <p className="break-words text-slate-900">{u.role?.name ?? '—'}</p>
                {u.groups.length ? <p className="break-words text-xs text-slate-700">{groups(u)}</p> : null}
              </td>
              <td className="px-2 py-2 align-top">{status(u)}</td>
              <td className="px-2 py-2 align-top text-slate-900">{lastLogin(u)}</td>
              <td className="px-2 py-1 align-top">
                <Actions user={u} compact {...props} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
