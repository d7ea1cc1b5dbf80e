import { lazy, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RECRUITMENT_LIST_DEFAULT_SORT } from '@embauche/contracts/recruitment-lists';
import { HeaderSheetTrigger } from '../../../components/header-sheet-trigger.tsx';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { recruitmentListsQueryOptions } from '../api/get-recruitment-lists.ts';
import { asksListsSheet } from '../lib/lists-sheet-state.ts';

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

/**
 * The sheet also opens on arrival at a page whose router state asks for it (LISTS_SHEET_STATE: a
 * list deleted from its own page); closing it clears that state, so back and forward do not reopen it.
 */
function WideRecruitmentListsButton() {
  const { t } = useTranslation('sourcing');
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const [ownOpen, setOwnOpen] = useState(false);
  const asked = asksListsSheet(location.state);
  const onOpenChange = (next: boolean) => {
    setOwnOpen(next);
    if (!next && asked) void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  };
  return (
    <HeaderSheetTrigger
      open={ownOpen || asked}
      onOpenChange={onOpenChange}
      label={t('sourcing:lists.button')}
      icon={ListChecks}
      prefetch={() => {
        void import('./recruitment-lists-sheet.tsx');
        void queryClient.prefetchInfiniteQuery(recruitmentListsQueryOptions('', RECRUITMENT_LIST_DEFAULT_SORT));
      }}
      sheet={(open, onOpenChange) => <RecruitmentListsSheet open={open} onOpenChange={onOpenChange} />}
    />
  );
}
