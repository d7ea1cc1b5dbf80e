import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

type Props = { titleKey: string; icon?: LucideIcon };

/** Shared, booking and registration pages come with later issues. */
export function PublicPlaceholderRoute({ titleKey, icon }: Props) {
  const namespace = titleKey.split(':')[0] ?? 'common';
  const { t } = useTranslation([namespace, 'common']);
  useDocumentTitle(t(titleKey));
  return <EmptyState icon={icon} title={t(titleKey)} headingLevel="h1" />;
}
