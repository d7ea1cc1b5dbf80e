import { BriefcaseBusiness, ListPlus, Mail, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { SelectAllButton } from '../../../components/select-all-button.tsx';

type Props = {
  count: number;
  /**
   * "Select all N that match" (issue 42 part 2): offered while the search matches more than the
   * ticked results; `active` once chosen (the count is then all that match, less those unticked).
   */
  selectAll?: { active: boolean; matching: number; onSelectAll: () => void };
  /** Absent without `project.list`. */
  onAddToList?: () => void;
  /** Absent without `project_application.duplicate`. */
  onAddToOffer?: () => void;
  /** Absent without `project_application.email`. */
  onEmail?: () => void;
  onClear: () => void;
};

/** The actions on the chosen results (kept across pages): add them to a list or to an offer, write to them, or clear the choice. */
export function SourcingSelectionBar({ count, selectAll, onAddToList, onAddToOffer, onEmail, onClear }: Props) {
  const { t } = useTranslation('sourcing');
  return (
    <div
      role="toolbar"
      aria-label={t('sourcing:search.selection')}
      // Under the app header (3.5rem, sticky too): the actions stay at hand while the results scroll.
      className="sticky top-16 z-10 flex flex-wrap items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 shadow-sm"
    >
      <span className="text-sm font-medium text-slate-800" aria-live="polite">
        {selectAll?.active ? t('sourcing:search.selected_all', { count }) : t('sourcing:search.selected', { count })}
      </span>
      {selectAll && !selectAll.active && selectAll.matching > count ? (
        <SelectAllButton label={t('sourcing:search.select_all', { count: selectAll.matching })} onClick={selectAll.onSelectAll} />
      ) : null}
      <Button size="sm" variant="ghost" onClick={onClear}>
        <X aria-hidden="true" />
        {t('sourcing:search.clear')}
      </Button>
      {/* On a phone the actions take a row of their own, side by side when they fit. */}
      <div className="ml-auto flex flex-wrap gap-2 max-sm:w-full">
        {onAddToList ? (
          <Button size="sm" variant="outline" className="max-sm:flex-1" onClick={onAddToList}>
            <ListPlus aria-hidden="true" />
            {t('sourcing:search.add_to_list')}
          </Button>
        ) : null}
        {onAddToOffer ? (
          <Button size="sm" variant="outline" className="max-sm:flex-1" onClick={onAddToOffer}>
            <BriefcaseBusiness aria-hidden="true" />
            {t('sourcing:search.add_to_offer')}
          </Button>
        ) : null}
        {onEmail ? (
          <Button size="sm" variant="outline" className="max-sm:flex-1" onClick={onEmail}>
            <Mail aria-hidden="true" />
            {t('sourcing:search.email')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
