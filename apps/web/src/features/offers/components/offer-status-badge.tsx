import { Archive, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TOfferListItem } from '@embauche/contracts/offers';
import { Badge } from '../../../components/ui/badge.tsx';

const TONES = { draft: 'neutral', published: 'success', unpublished: 'warning' } as const;

type Props = { offer: Pick<TOfferListItem, 'status' | 'archived' | 'in_alert'>; showAlert?: boolean };

/** Status (draft, published, unpublished), plus archived and alert marks. */
export function OfferStatusBadge({ offer, showAlert = true }: Props) {
  const { t } = useTranslation('projects');
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone={TONES[offer.status]}>{t(`projects:status.${offer.status}`)}</Badge>
      {offer.archived ? (
        <Badge tone="neutral">
          <Archive aria-hidden="true" className="size-3" />
          {t('projects:status.archived')}
        </Badge>
      ) : null}
      {showAlert && offer.in_alert ? (
        <Badge tone="danger">
          <TriangleAlert aria-hidden="true" className="size-3" />
          {t('projects:status.alert')}
        </Badge>
      ) : null}
    </span>
  );
}
