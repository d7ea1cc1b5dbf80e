import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { NotFoundState } from '../components/not-found-state.tsx';

export function NotFoundRoute({ headingLevel = 'h1' }: { headingLevel?: 'h1' | 'h2' }) {
  const { t } = useTranslation('common');
  useDocumentTitle(headingLevel === 'h1' ? t('common:not_found') : null);
  return <NotFoundState headingLevel={headingLevel} />;
}
