import { Archive, EyeOff, FilePen, FolderInput, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TOfferDetail } from '@embauche/contracts/offers';
import { Button } from '../../../components/ui/button.tsx';
import type { OfferAction } from '../api/run-offer-action.ts';
import type { OfferPermissions } from './offer-list.tsx';

type Props = { offer: TOfferDetail; permissions: OfferPermissions; onAction: (action: OfferAction) => void };

/** The actions that apply to the offer's current state. */
export function OfferHeaderActions({ offer, permissions, onAction }: Props) {
  const { t } = useTranslation('projects');
  const actions: { action: OfferAction; icon: typeof Send; show: boolean; primary?: boolean }[] = [
    { action: 'publish', icon: Send, show: permissions.publish && !offer.archived && offer.status !== 'published', primary: true },
    { action: 'unpublish', icon: EyeOff, show: permissions.publish && !offer.archived && offer.status === 'published' },
    { action: 'archive', icon: Archive, show: permissions.archive && !offer.archived },
    { action: 'draft', icon: FilePen, show: permissions.archive && (offer.archived || offer.status !== 'draft') },
    { action: 'move', icon: FolderInput, show: permissions.edit },
  ];
  return (
    <div className="flex flex-wrap gap-2">
      {actions
        .filter((a) => a.show)
        .map(({ action, icon: Icon, primary }) => (
          <Button key={action} variant={primary ? 'default' : 'outline'} onClick={() => onAction(action)}>
            <Icon aria-hidden="true" />
            {t(`projects:actions_offer.${action}`)}
          </Button>
        ))}
    </div>
  );
}
