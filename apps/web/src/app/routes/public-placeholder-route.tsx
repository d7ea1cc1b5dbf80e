import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ComingSoon, comingSoonKey } from './coming-soon.tsx';

type Props = { titleKey: string; icon?: LucideIcon };

/** Shared, booking and registration pages come with later issues: the page says so. */
export function PublicPlaceholderRoute({ titleKey, icon }: Props) {
  const namespace = titleKey.split(':')[0] ?? 'common';
  const { t } = useTranslation([namespace, 'common']);
  useDocumentTitle(t(titleKey));
  return <ComingSoon icon={icon} title={t(titleKey)} headingLevel="h1" descriptionKey={comingSoonKey(titleKey)} />;
}
