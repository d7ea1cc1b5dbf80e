import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FileQuestionMark } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';

export function NotFoundState({ headingLevel = 'h1' }: { headingLevel?: 'h1' | 'h2' }) {
  const { t } = useTranslation('common');
  return (
    <EmptyState headingLevel={headingLevel} icon={FileQuestionMark} title={t('common:not_found')} subtitle={t('common:not_found_subtitle')}>
      <Link to="/" className={buttonVariants({ variant: 'outline', className: 'mt-2' })}>
        {t('common:back_home')}
      </Link>
    </EmptyState>
  );
}
