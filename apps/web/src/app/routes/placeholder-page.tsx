import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { ComingSoon, comingSoonKey } from './coming-soon.tsx';
import { MAIN_ROUTE_ICONS } from './main-route-icons.ts';

/** `path`: the route's pattern in MAIN_ROUTES, which names its icon. */
type Props = { titleKey: string; path: string };

/** A screen that a later issue builds: its title, then that it is coming and what it will do. */
export function PlaceholderPage({ titleKey, path }: Props) {
  const namespace = titleKey.split(':')[0] ?? 'common';
  const { t } = useTranslation([namespace, 'common']);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t(titleKey)} />
      <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <ComingSoon icon={MAIN_ROUTE_ICONS[path]} descriptionKey={comingSoonKey(titleKey)} />
      </div>
    </div>
  );
}
