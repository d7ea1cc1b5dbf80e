import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';

type Props = { titleKey: string; icon?: LucideIcon };

/** A screen that a later issue builds: its title and the spec's empty-state block, never fake data. */
export function PlaceholderPage({ titleKey, icon }: Props) {
  const namespace = titleKey.split(':')[0] ?? 'common';
  const { t } = useTranslation([namespace, 'common']);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t(titleKey)} />
      <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <EmptyState icon={icon} />
      </div>
    </div>
  );
}
