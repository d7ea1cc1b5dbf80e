import { Power, PowerOff, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SelectAllButton, type SelectAllControl } from '../../../components/select-all-button.tsx';


type Props = {
  /** Ticked rows (page selection). */
  count: number;
  selectAll: SelectAllControl;
  onActivate: (active: boolean) => void;
  /** The selection's export menu. */
  exportMenu: ReactNode;
  onClear: () => void;
};

/** Shown while users are selected: activate, deactivate or export the ticked users or all that match. Wraps on a phone. */
export function UsersBatchBar({ count, selectAll, onActivate, exportMenu, onClear }: Props) {
  const { t } = useTranslation('users');
  return (
    <div role="toolbar" aria-label={t('users:batch.toolbar')} className="flex flex-wrap items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 px-4 py-2.5">
      <span className="mr-2 text-sm font-medium text-brand-900" aria-live="polite">
        {selectAll.active ? t('users:batch.selected_all', { count: selectAll.count }) : t('users:batch.selected', { count })}
      </span>
      {!selectAll.active && selectAll.matching > count ? (
        <SelectAllButton label={t('users:batch.select_all', { count: selectAll.matching })} onClick={selectAll.onSelectAll} />
      ) : null}
      <Button variant="outline" size="sm" onClick={() => onActivate(true)}>
        <Power aria-hidden="true" />
        {t('users:batch.activate')}
      </Button>
      <Button variant="outline" size="sm" onClick={() => onActivate(false)}>
        <PowerOff aria-hidden="true" />
        {t('users:batch.deactivate')}
      </Button>
      {exportMenu}
      <Button variant="ghost" size="sm" className="ml-auto" onClick={onClear}>
        <X aria-hidden="true" />
        {t('users:batch.clear')}
      </Button>
    </div>
  );
}
