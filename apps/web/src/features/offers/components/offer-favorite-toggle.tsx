import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FavoriteToggle } from '../../../components/ui/favorite-toggle.tsx';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useToggleOfferFavorite } from '../api/toggle-offer-favorite.ts';

type Props = { projectId: number; offerId: number; name: string; favorite: boolean; onChanged?: () => void };

/** The offer's star: POST adds the favourite, DELETE removes it (spec 4). */
export function OfferFavoriteToggle({ projectId, offerId, name, favorite, onChanged }: Props) {
  const { t } = useTranslation('projects');
  const toggle = useToggleOfferFavorite(onChanged);
  const errorMessage = useApiErrorMessage();
  return (
    <FavoriteToggle
      active={toggle.isPending ? !favorite : favorite}
      label={t('projects:favorite.toggle_offer', { name })}
      disabled={toggle.isPending}
      onToggle={() =>
        toggle.mutate({ projectId, offerId, favorite: !favorite }, { onError: (error) => toast.error(errorMessage(error)) })
      }
    />
  );
}
