import { BellRing, Clock, Star, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { DashboardOfferBlock } from './dashboard-offer-block.tsx';

/** Home: latest offers, favourites, alerts and untreated alerts, each paged on its own. */
export function DashboardPage({ firstname }: { firstname: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('dashboard:title')} subtitle={t('dashboard:greeting', { firstname })} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-2">
        <DashboardOfferBlock list="latest" icon={Clock} />
        <DashboardOfferBlock list="favorites" icon={Star} />
        <DashboardOfferBlock list="alerts" icon={TriangleAlert} />
        <DashboardOfferBlock list="untreated" icon={BellRing} />
      </div>
    </div>
  );
}
