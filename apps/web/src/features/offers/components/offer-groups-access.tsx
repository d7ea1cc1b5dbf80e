import { useId, useState } from 'react';
import { Users, UserMinus, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useGroupsWithoutAccess } from '../api/get-groups-without-access.ts';
import { useOfferGroups } from '../api/get-offer-groups.ts';
import { useGrantOfferGroup } from '../api/grant-offer-group.ts';
import { useRevokeOfferGroup } from '../api/revoke-offer-group.ts';

/** Groups granted the offer (their members see it as if granted directly); editors grant and revoke. */
export function OfferGroupsAccess({ offerId, canEdit }: { offerId: number; canEdit: boolean }) {
  const { t } = useTranslation(['projects', 'common']);
  const id = useId();
  const granted = useOfferGroups(offerId);
  const available = useGroupsWithoutAccess(offerId, canEdit);
  const grant = useGrantOfferGroup();
  const revoke = useRevokeOfferGroup();
  const errorMessage = useApiErrorMessage();
  const [adding, setAdding] = useState('');
  const busy = grant.isPending || revoke.isPending;
  const done = { onSuccess: () => { setAdding(''); toast.success(t('common:saved')); }, onError: (e: unknown) => toast.error(errorMessage(e)) };
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Users aria-hidden="true" className="size-4" />
        {t('projects:access.groups_title')}
      </h2>
      <p className="text-sm text-slate-700">{t('projects:access.groups_intro')}</p>
      {granted.isPending ? <Spinner /> : null}
      {granted.isError ? <p role="alert" className="text-sm text-red-700">{t('common:error')}</p> : null}
      {granted.data?.length === 0 ? <p className="text-sm text-slate-600">{t('projects:access.groups_none')}</p> : null}
      {granted.data?.length ? (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {granted.data.map((group) => (
            <li key={group.id} className="flex flex-wrap items-center gap-3 px-4 py-2.5">
              <span className="min-w-0 flex-1 break-words text-sm">
                <span className="font-medium text-slate-900">{group.name}</span>{' '}
                <span className="text-slate-600">{t('projects:access.group_members', { count: group.member_count })}</span>
              </span>
              {canEdit ? (
                <Button variant="ghost" size="sm" aria-label={`${t('projects:access.remove')} ${group.name}`} disabled={busy} onClick={() => revoke.mutate({ offerId, groupId: group.id }, done)}>
                  <UserMinus aria-hidden="true" />
                  {t('projects:access.remove')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {canEdit ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex w-full min-w-0 flex-col gap-1.5 sm:w-auto sm:min-w-64">
            <label htmlFor={`${id}-add`} className="text-sm font-medium text-slate-800">{t('projects:access.add_group_label')}</label>
            <Select id={`${id}-add`} value={adding} onChange={(e) => setAdding(e.target.value)}>
              <option value="">{t('projects:access.choose_group')}</option>
              {(available.data ?? []).map((group) => (
                <option key={group.id} value={group.id}>{group.name}</option>
              ))}
            </Select>
          </div>
          <Button disabled={!adding || busy} onClick={() => grant.mutate({ offerId, groupId: Number(adding) }, done)}>
            <UserPlus aria-hidden="true" />
            {t('projects:access.add_group')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
