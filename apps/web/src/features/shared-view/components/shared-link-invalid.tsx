import { Link2Off } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** An unknown, expired or revoked link: one page for the three, which tells them apart to nobody. */
export function SharedLinkInvalid() {
  const { t } = useTranslation('shared');
  useDocumentTitle(t('shared:view.invalid.title'));
  return <EmptyState headingLevel="h1" icon={Link2Off} title={t('shared:view.invalid.title')} subtitle={t('shared:view.invalid.subtitle')} />;
}
