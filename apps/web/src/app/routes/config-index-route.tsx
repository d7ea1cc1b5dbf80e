import { useTranslation } from 'react-i18next';
import { MousePointerClick } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state.tsx';

export function ConfigIndexRoute() {
  const { t } = useTranslation('config');
  return <EmptyState icon={MousePointerClick} title={t('config:choose_section')} />;
}
