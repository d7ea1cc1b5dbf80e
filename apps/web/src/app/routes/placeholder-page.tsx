import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import { PageHeader } from '../../components/page-header.tsx';
import { ComingSoon, comingSoonKey } from './coming-soon.tsx';

type Props = { titleKey: string; icon?: LucideIcon };

/** A screen that a later issue builds: its title, then that it is coming and what it will do. */
export function PlaceholderPage({ titleKey, icon }: Props) {
  const namespace = titleKey.split(':')[0] ?? 'common';
  const { t } = useTranslation([namespace, 'common']);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t(titleKey)} />
      <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <ComingSoon icon={icon} descriptionKey={comingSoonKey(titleKey)} />
      </div>
    </div>
  );
}
