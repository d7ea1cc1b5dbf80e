import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RECRUITMENT_LIST_DEFAULT_SORT } from '@embauche/contracts/recruitment-lists';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { recruitmentListsQueryOptions } from '../api/get-recruitment-lists.ts';

const RecruitmentListsSheet = lazy(() => import('./recruitment-lists-sheet.tsx').then((m) => ({ default: m.RecruitmentListsSheet })));

/** Spec 2: the sheet is offered on wide screens only. */
export const RECRUITMENT_LISTS_QUERY = '(min-width: 1024px)';

/**
 * The header's recruitment-lists button (spec 2), shown from 1024 px; the app renders it only for
 * holders of project.list. It opens the lists sheet, whose code loads on first use.
 */
export function RecruitmentListsButton() {
  // Checked before reading the sourcing translations: narrower screens never load them.
  return useMediaQuery(RECRUITMENT_LISTS_QUERY) ? <WideRecruitmentListsButton /> : null;
}

function WideRecruitmentListsButton() {
  const { t } = useTranslation('sourcing');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);

  const prefetch = () => {
    void import('./recruitment-lists-sheet.tsx');
    void queryClient.prefetchInfiniteQuery(recruitmentListsQueryOptions('', RECRUITMENT_LIST_DEFAULT_SORT));
  };

  return (
    <>
      <button
        type="button"
        aria-label={t('sourcing:lists.button')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        className="inline-flex size-9 items-center justify-center rounded-full text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <ListChecks aria-hidden="true" className="size-5" />
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <RecruitmentListsSheet open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
