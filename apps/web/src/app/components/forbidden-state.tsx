import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state.tsx';

export function ForbiddenState({ headingLevel = 'h1' }: { headingLevel?: 'h1' | 'h2' }) {
  const { t } = useTranslation('common');
  return <EmptyState headingLevel={headingLevel} icon={Lock} title={t('common:forbidden_access')} subtitle={t('common:forbidden_subtitle')} />;
}
