import { useId, useState } from 'react';
import { UserMinus, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TUserSummary } from '@embauche/contracts/projects';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useOfferUsers } from '../api/get-offer-users.ts';
import { useUsersWithoutAccess } from '../api/get-users-without-access.ts';
import { useUpdateOfferUsers } from '../api/update-offer-users.ts';
import { OfferGroupsAccess } from './offer-groups-access.tsx';

const fullName = (u: TUserSummary) => `${u.firstname} ${u.lastname}`;

/** Who is granted the offer directly, then which groups; editors add or remove either. */
export function OfferAccessTab({ projectId, offerId, canEdit }: { projectId: number; offerId: number; canEdit: boolean }) {
  const { t } = useTranslation(['projects', 'common']);
  const id = useId();
  const withAccess = useOfferUsers(offerId);
  const without = useUsersWithoutAccess(projectId, offerId);
  const update = useUpdateOfferUsers();
  const errorMessage = useApiErrorMessage();
  const [adding, setAdding] = useState('');
  if (withAccess.isPending) return <Spinner />;
  if (withAccess.isError) return <p role="alert" className="text-sm text-red-700">{t('common:error')}</p>;
  const save = (ids: number[]) =>
    update.mutate({ offerId, usersIds: ids }, { onSuccess: () => { setAdding(''); toast.success(t('common:saved')); }, onError: (e) => toast.error(errorMessage(e)) });
  const ids = withAccess.data.map((u) => u.id);
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-slate-700">{t('projects:access.intro')}</p>
      {withAccess.data.length === 0 ? <p className="text-sm text-slate-600">{t('projects:access.none')}</p> : null}
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 empty:hidden">
        {withAccess.data.map((user) => (
          <li key={user.id} className="flex items-center gap-3 px-4 py-2.5">
            <span className="flex-1 text-sm"><span className="font-medium text-slate-900">{fullName(user)}</span> <span className="text-slate-600">{user.email}</span></span>
            {canEdit ? (
              <Button variant="ghost" size="sm" disabled={update.isPending} onClick={() => save(ids.filter((x) => x !== user.id))}>
                <UserMinus aria-hidden="true" />
                {t('projects:access.remove')}
                <span className="sr-only"> {fullName(user)}</span>
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {canEdit ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-64 flex-col gap-1.5">
            <label htmlFor={`${id}-add`} className="text-sm font-medium text-slate-800">{t('projects:access.add_label')}</label>
            <Select id={`${id}-add`} value={adding} onChange={(e) => setAdding(e.target.value)}>
              <option value="">{t('projects:access.choose_user')}</option>
              {(without.data ?? []).map((user) => <option key={user.id} value={user.id}>{fullName(user)}</option>)}
            </Select>
          </div>
          <Button disabled={!adding || update.isPending} onClick={() => save([...ids, Number(adding)])}>
            <UserPlus aria-hidden="true" />
            {t('projects:access.add')}
          </Button>
        </div>
      ) : null}
      <OfferGroupsAccess offerId={offerId} canEdit={canEdit} />
    </div>
  );
}
