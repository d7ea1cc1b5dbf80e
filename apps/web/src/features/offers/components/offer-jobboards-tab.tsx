import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TOfferDetail } from '@embauche/contracts/offers';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useOfferJobBoards } from '../api/get-offer-jobboards.ts';
import { useUsersPublish } from '../api/get-users-publish.ts';
import { useUpdateOfferJobBoards } from '../api/update-offer-jobboards.ts';

/** The job boards, where the offer is posted, and (with the permission) the choice of boards. */
export function OfferJobBoardsTab({ offer, canPublish }: { offer: TOfferDetail; canPublish: boolean }) {
  const { t, i18n } = useTranslation(['projects', 'common']);
  const boards = useOfferJobBoards(offer.project_id, offer.id);
  const publishers = useUsersPublish();
  const update = useUpdateOfferJobBoards();
  const errorMessage = useApiErrorMessage();
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  if (boards.isPending) return <Spinner />;
  if (boards.isError) return <p role="alert" className="text-sm text-red-700">{t('common:error')}</p>;
  const current = chosen ?? new Set(boards.data.filter((b) => b.posted).map((b) => b.id));
  const toggle = (id: number, on: boolean) => {
    const next = new Set(current);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };
  const save = () =>
    update.mutate(
      { projectId: offer.project_id, offerId: offer.id, jobboardIds: [...current] },
      { onSuccess: () => { setChosen(null); toast.success(t('common:saved')); }, onError: (e) => toast.error(errorMessage(e)) },
    );
  return (
    <div className="flex flex-col gap-5">
      {offer.status !== 'published' ? <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('projects:jobboards.not_published')}</p> : null}
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {boards.data.map((board) => (
          <li key={board.id} className="flex items-center gap-3 px-4 py-3">
            {canPublish ? (
              <Checkbox aria-label={t('projects:jobboards.post_on', { name: board.name })} checked={current.has(board.id)} onChange={(e) => toggle(board.id, e.target.checked)} />
            ) : null}
            <span className="flex-1 text-sm font-medium text-slate-900">{board.name}</span>
            {board.posted ? (
              <Badge tone={board.removed_at ? 'warning' : 'success'}>
                {board.removed_at
                  ? t('projects:jobboards.offline')
                  : t('projects:jobboards.posted_on', { date: board.posted_at ? formatDate(board.posted_at, 'date', i18n.language) : '' })}
              </Badge>
            ) : (
              <Badge tone="neutral">{t('projects:jobboards.not_posted')}</Badge>
            )}
          </li>
        ))}
      </ul>
      {canPublish ? (
        <Button className="self-end" disabled={chosen === null || update.isPending} onClick={save}>{t('common:save')}</Button>
      ) : null}
      {publishers.data?.length ? (
        <section aria-labelledby="publishers-title">
          <h2 id="publishers-title" className="mb-2 text-sm font-semibold text-slate-900">{t('projects:jobboards.publishers')}</h2>
          <p className="text-sm text-slate-700">{publishers.data.map((u) => `${u.firstname} ${u.lastname}`).join(', ')}</p>
        </section>
      ) : null}
    </div>
  );
}
