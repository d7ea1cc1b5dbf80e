import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FavoriteToggle } from '../../../components/ui/favorite-toggle.tsx';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useToggleProjectFavorite } from '../api/toggle-project-favorite.ts';

/** The project's star: POST adds the favourite, DELETE removes it (spec 4). */
export function ProjectFavoriteToggle({ id, name, favorite }: { id: number; name: string; favorite: boolean }) {
  const { t } = useTranslation('projects');
  const toggle = useToggleProjectFavorite();
  const errorMessage = useApiErrorMessage();
  const active = toggle.isPending ? !favorite : favorite;
  return (
    <FavoriteToggle
      active={active}
      label={t('projects:favorite.toggle', { name })}
      disabled={toggle.isPending}
      onToggle={() => toggle.mutate({ id, favorite: !favorite }, { onError: (error) => toast.error(errorMessage(error)) })}
    />
  );
}
