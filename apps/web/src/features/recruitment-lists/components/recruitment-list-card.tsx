import { Link } from 'react-router';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TRecruitmentListItem } from '@embauche/contracts/recruitment-lists';
import { personName } from '../lib/recruitment-list-names.ts';
import { RecruitmentListBadges } from './recruitment-list-badges.tsx';

type Props = {
  list: TRecruitmentListItem;
  onOpen: () => void;
  onEdit: (list: TRecruitmentListItem) => void;
  onDelete: (list: TRecruitmentListItem) => void;
};

const ICON_BUTTON =
  'relative z-10 rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

/**
 * A list of the sheet (spec 2): its name is a real link to `/sourcing/lists/{id}` stretched over the
 * card, so a click anywhere opens it and a middle click opens a new tab; the creator alone gets edit
 * and delete, above the link.
 */
export function RecruitmentListCard({ list, onOpen, onEdit, onDelete }: Props) {
  const { t } = useTranslation('sourcing');
  return (
    <article className="relative flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm transition-colors focus-within:ring-2 focus-within:ring-brand-500 hover:border-brand-300 hover:bg-slate-50">
      <div className="flex items-start gap-2">
        <h3 className="min-w-0 flex-1 text-sm font-semibold text-slate-900">
          <Link
            to={`/sourcing/lists/${list.id}`}
            onClick={(event) => {
              if (!event.metaKey && !event.ctrlKey && !event.shiftKey && event.button === 0) onOpen();
            }}
            className="break-words after:absolute after:inset-0 after:rounded-lg after:content-[''] focus-visible:outline-none"
          >
            {list.name}
          </Link>
        </h3>
        {list.is_owner ? (
          <div className="-mr-1 -mt-1 flex shrink-0 gap-0.5">
            <button type="button" aria-label={t('sourcing:lists.edit', { name: list.name })} onClick={() => onEdit(list)} className={ICON_BUTTON}>
              <Pencil aria-hidden="true" className="size-4" />
            </button>
            <button type="button" aria-label={t('sourcing:lists.delete', { name: list.name })} onClick={() => onDelete(list)} className={ICON_BUTTON}>
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </div>
        ) : null}
      </div>
      {list.description ? <p className="line-clamp-2 text-xs text-slate-600">{list.description}</p> : null}
      <RecruitmentListBadges list={list} />
      {list.is_owner ? null : <p className="text-xs text-slate-600">{t('sourcing:lists.by', { name: personName(list.creator) })}</p>}
    </article>
  );
}

/** A grey card while a page loads (5 of them, spec 2). */
export function RecruitmentListCardPlaceholder() {
  return (
    <div aria-hidden="true" data-testid="recruitment-list-placeholder" className="flex animate-pulse flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <div className="h-4 w-2/3 rounded bg-slate-200" />
      <div className="h-3 w-full rounded bg-slate-100" />
      <div className="flex gap-1.5">
        <div className="h-5 w-16 rounded-full bg-slate-100" />
        <div className="h-5 w-20 rounded-full bg-slate-100" />
      </div>
    </div>
  );
}
