import { Archive, FilePen, FolderInput, Send, EyeOff, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { SelectAllButton, type SelectAllControl } from '../../../components/select-all-button.tsx';
import type { OfferAction } from '../api/run-offer-action.ts';

const ACTIONS: { action: OfferAction; icon: typeof Send }[] = [
  { action: 'publish', icon: Send },
  { action: 'unpublish', icon: EyeOff },
  { action: 'archive', icon: Archive },
  { action: 'draft', icon: FilePen },
  { action: 'move', icon: FolderInput },
];


type Props = {
  count: number;
  selectAll?: SelectAllControl;
  allowed: (action: OfferAction) => boolean;
  onAction: (action: OfferAction) => void;
  onClear: () => void;
};

/** Shown while offers are selected: the batch actions the user may run, on the ticked offers or on all that match. */
export function BatchActionBar({ count, selectAll, allowed, onAction, onClear }: Props) {
  const { t } = useTranslation('projects');
  return (
    <div role="toolbar" aria-label={t('projects:batch.toolbar')} className="flex flex-wrap items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 px-4 py-2.5">
      <span className="mr-2 text-sm font-medium text-brand-900" aria-live="polite">
        {selectAll?.active ? t('projects:batch.selected_all', { count: selectAll.count }) : t('projects:batch.selected', { count })}
      </span>
      {selectAll && !selectAll.active && selectAll.matching > count ? (
        <SelectAllButton label={t('projects:batch.select_all', { count: selectAll.matching })} onClick={selectAll.onSelectAll} />
      ) : null}
      {ACTIONS.filter(({ action }) => allowed(action)).map(({ action, icon: Icon }) => (
        <Button key={action} variant="outline" size="sm" onClick={() => onAction(action)}>
          <Icon aria-hidden="true" />
          {t(`projects:actions_offer.${action}`)}
        </Button>
      ))}
      <Button variant="ghost" size="sm" className="ml-auto" onClick={onClear}>
        <X aria-hidden="true" />
        {t('projects:batch.clear')}
      </Button>
    </div>
  );
}
