import { useTranslation } from 'react-i18next';
import type { TActingAsMe } from '@embauche/contracts/acting-as';
import { Button } from '../../../components/ui/button.tsx';
import type { ActingFamily } from '../api/acting-as-keys.ts';
import { useChangeActingCompany } from '../api/change-acting-company.ts';
import { useChangeActingRole } from '../api/change-acting-role.ts';
import { useChangeActingUser } from '../api/change-acting-user.ts';
import { useActingCompanies } from '../api/get-acting-companies.ts';
import { useActingUsers } from '../api/get-acting-users.ts';
import { useCurrentActingCompany } from '../api/get-current-acting.ts';
import { useResetActing } from '../api/reset-acting.ts';
import { ChoiceList } from './choice-list.tsx';
import { RoleTreePicker } from './role-tree-picker.tsx';

type ActingAsPanelProps = { family: ActingFamily; acting: TActingAsMe | null };

/**
 * The switchers (spec 2, 6): the company picker with search; while a company is acted as, the
 * user picker and, for a partner administrator while no user is acted as, the role tree; the
 * reset buttons. Each change reloads the page (use-acting-switch.ts).
 */
export function ActingAsPanel({ family, acting }: ActingAsPanelProps) {
  const { t } = useTranslation('actingAs');
  const company = useChangeActingCompany(family);
  const role = useChangeActingRole();
  const user = useChangeActingUser(family);
  const reset = useResetActing(family);
  const current = useCurrentActingCompany(family, true);
  const busy = company.isPending || role.isPending || user.isPending || reset.isPending;

  const useCompanies = (search: string, page: number) => {
    const query = useActingCompanies(family, search, page);
    return {
      choices: (query.data?.data ?? []).map((c) => ({ id: c.id, label: c.social_reason, current: c.spoofed })),
      lastPage: query.data?.last_page ?? 1,
      loading: query.isPending,
    };
  };
  const useUsers = (search: string, page: number) => {
    const query = useActingUsers(family, search, page);
    return {
      choices: (query.data?.data ?? []).map((u) => ({
        id: u.id,
        label: `${u.firstname} ${u.lastname}`,
        detail: u.role_name,
        current: u.spoofed,
      })),
      lastPage: query.data?.last_page ?? 1,
      loading: query.isPending,
    };
  };

  return (
    <div className="space-y-5">
      {current.data ? (
        <p className="text-sm text-slate-700">{t('actingAs:company.current', { name: current.data.social_reason })}</p>
      ) : null}
      {acting ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={busy} onClick={() => reset.mutate('reset')}>
            {t('actingAs:reset')}
          </Button>
          {acting.user || acting.role ? (
            <Button variant="outline" size="sm" disabled={busy} onClick={() => reset.mutate('reset-user')}>
              {t('actingAs:reset_user')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <ChoiceList
        label={t('actingAs:company.label')}
        searchLabel={t('actingAs:company.search')}
        empty={t('actingAs:company.empty')}
        useChoices={useCompanies}
        onPick={(id) => company.mutate(id)}
        disabled={busy}
      />
      {acting && family === 'partner' && !acting.user ? (
        <RoleTreePicker currentRoleId={acting.role?.id ?? null} onPick={(id) => role.mutate(id)} disabled={busy} />
      ) : null}
      {acting ? (
        <ChoiceList
          label={t('actingAs:user.label')}
          searchLabel={t('actingAs:user.search')}
          empty={t('actingAs:user.empty')}
          useChoices={useUsers}
          onPick={(id) => user.mutate(id)}
          disabled={busy}
        />
      ) : null}
    </div>
  );
}
