import { useEffect, useId, useState } from 'react';
import { Plus, ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  RECRUITMENT_LIST_DEFAULT_SORT,
  RECRUITMENT_LIST_SORTS,
  RECRUITMENT_LIST_SOURCES,
  type TRecruitmentListItem,
  type TRecruitmentListSort,
  type TRecruitmentListSource,
} from '@embauche/contracts/recruitment-lists';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Sheet } from '../../../components/ui/sheet.tsx';
import { useRecruitmentLists } from '../api/get-recruitment-lists.ts';
import { RecruitmentListCard, RecruitmentListCardPlaceholder } from './recruitment-list-card.tsx';
import { RecruitmentListDeleteDialog } from './recruitment-list-delete-dialog.tsx';
import { RecruitmentListDialog } from './recruitment-list-dialog.tsx';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/** The next page is asked for once a fifth of the sentinel at the end of the cards shows (spec 2). */
export const NEXT_PAGE_THRESHOLD = 0.2;
const PLACEHOLDERS = 5;

/**
 * Spec 2 "Recruitment lists sheet": the lists the user sees, filtered by source and sorted, as cards
 * loaded page by page as the end comes into view; an add button opens the list dialog.
 */
export function RecruitmentListsSheet({ open, onOpenChange }: Props) {
  const { t } = useTranslation('sourcing');
  const id = useId();
  const [source, setSource] = useState<TRecruitmentListSource | ''>('');
  const [sort, setSort] = useState<TRecruitmentListSort>(RECRUITMENT_LIST_DEFAULT_SORT);
  const [editing, setEditing] = useState<TRecruitmentListItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TRecruitmentListItem | null>(null);
  const query = useRecruitmentLists(source, sort, open);
  const lists = query.data?.pages.flatMap((page) => page.data) ?? [];
  const loading = query.isPending || query.isFetchingNextPage;
  // A state, not a ref: the sheet's content mounts in its portal after this component.
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const element = sentinel;
    if (!element || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { threshold: NEXT_PAGE_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [sentinel, hasNextPage, isFetchingNextPage, fetchNextPage, lists.length]);

  return (
    <>
      <Sheet open={open} onOpenChange={onOpenChange} title={t('sourcing:lists.sheet_title')} side="right" className="w-[28rem]">
        {/* Each select is as wide as its longest option (none is clipped); they share a row when both fit. */}
        <div className="flex flex-col gap-2 border-b border-slate-200 px-4 py-3">
          <Button size="sm" className="self-end" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            {t('sourcing:lists.add')}
          </Button>
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex min-w-0 flex-[1_1_auto] flex-col gap-1">
              <label htmlFor={`${id}-source`} className="text-xs font-medium text-slate-700">
                {t('sourcing:lists.filter_label')}
              </label>
              <Select id={`${id}-source`} value={source} onChange={(event) => setSource(event.target.value as TRecruitmentListSource | '')}>
                <option value="">{t('sourcing:lists.filter.all')}</option>
                {RECRUITMENT_LIST_SOURCES.map((value) => (
                  <option key={value} value={value}>
                    {t(`sourcing:lists.filter.${value}`)}
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex min-w-0 flex-[1_1_auto] flex-col gap-1">
              <label htmlFor={`${id}-sort`} className="text-xs font-medium text-slate-700">
                {t('sourcing:lists.sort_label')}
              </label>
              <Select id={`${id}-sort`} value={sort} onChange={(event) => setSort(event.target.value as TRecruitmentListSort)}>
                {RECRUITMENT_LIST_SORTS.map((value) => (
                  <option key={value} value={value}>
                    {t(`sourcing:lists.sort.${value}`)}
                  </option>
                ))}
              </Select>
            </div>
          </div>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3" aria-busy={loading}>
          {!query.isPending && lists.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-12 text-center">
              <ListChecks aria-hidden="true" className="size-8 text-slate-400" />
              <p className="text-sm font-medium text-slate-800">{t('sourcing:lists.empty')}</p>
              <p className="text-sm text-slate-600">{t('sourcing:lists.empty_hint')}</p>
            </div>
          ) : (
            <ul className="flex flex-col gap-2" aria-label={t('sourcing:lists.sheet_title')}>
              {lists.map((list) => (
                <li key={list.id}>
                  <RecruitmentListCard list={list} onOpen={() => onOpenChange(false)} onEdit={setEditing} onDelete={setDeleting} />
                </li>
              ))}
            </ul>
          )}
          {loading ? (
            <div className="mt-2 flex flex-col gap-2" role="status" aria-label={t('sourcing:lists.loading')}>
              {Array.from({ length: PLACEHOLDERS }, (_, index) => (
                <RecruitmentListCardPlaceholder key={index} />
              ))}
            </div>
          ) : null}
          <div ref={setSentinel} className="h-4" />
        </div>
      </Sheet>
      {editing ? <RecruitmentListDialog list={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <RecruitmentListDeleteDialog list={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}
