import { useId, useState } from 'react';
import { Link } from 'react-router';
import { TriangleAlert, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TDashboardOffer } from '@embauche/contracts/dashboard';
import { Badge } from '../../../components/ui/badge.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate, formatRelative } from '../../../lib/dates.ts';
import { useDashboardOffers, type DashboardList } from '../api/get-dashboard-offers.ts';

type Props = { list: DashboardList; icon: LucideIcon };

const STATUS_TONES = { draft: 'neutral', published: 'success', unpublished: 'warning' } as const;

function OfferLine({ offer, list }: { offer: TDashboardOffer; list: DashboardList }) {
  const { t, i18n } = useTranslation(['dashboard', 'projects']);
  const alert = list === 'alerts' || list === 'untreated';
  return (
    <li className="flex items-start justify-between gap-3 px-5 py-3">
      <div className="min-w-0">
        <Link to={`/projects/${offer.project_id}/offer/${offer.id}`} className="break-words font-medium text-brand-700 hover:underline">
          {offer.job_position}
        </Link>
        <p className="truncate text-xs text-slate-600">
          {[offer.project_name, offer.location].filter(Boolean).join(' · ')}
        </p>
        {alert ? (
          <p className="mt-1 flex flex-wrap gap-1">
            {offer.alert_reasons.map((reason) => (
              <Badge key={reason} tone="danger">
                <TriangleAlert aria-hidden="true" className="size-3" />
                {t(`dashboard:reasons.${reason}`, { count: offer.total_to_treat })}
              </Badge>
            ))}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 text-xs text-slate-600">
        <Badge tone={STATUS_TONES[offer.status]}>{t(`projects:status.${offer.status}`)}</Badge>
        <span>
          {alert && offer.alert_started_at
            ? t('dashboard:alert_since', { when: formatRelative(offer.alert_started_at, t) })
            : formatDate(offer.created_at, 'date', i18n.language)}
        </span>
      </div>
    </li>
  );
}

/** One paged block of the home page, with its own page and empty state. */
export function DashboardOfferBlock({ list, icon }: Props) {
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  const [page, setPage] = useState(1);
  const query = useDashboardOffers(list, page);
  const title = t(`dashboard:blocks.${list}.title`);
  return (
    // The height of five offers and the pager, reserved from the start: the blocks below do not move when the lists arrive.
    <section aria-labelledby={titleId} className="flex min-h-[26rem] min-w-0 flex-col rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="flex items-center justify-between gap-2 border-b border-slate-100 px-5 py-3">
        <h2 id={titleId} className="text-base font-semibold text-slate-900">{title}</h2>
        {query.data ? <span className="text-sm text-slate-600">{t('dashboard:total', { count: query.data.total })}</span> : null}
      </header>
      {query.isPending ? <Spinner className="flex-1 justify-center p-5" /> : null}
      {query.isError ? <p role="alert" className="p-5 text-sm text-red-700">{t('common:error')}</p> : null}
      {query.data && query.data.data.length === 0 ? (
        <EmptyState icon={icon} title={t(`dashboard:blocks.${list}.empty`)} className="min-h-56 flex-1" headingLevel="h3" />
      ) : null}
      {query.data && query.data.data.length > 0 ? (
        <ul className="flex-1 divide-y divide-slate-100">
          {query.data.data.map((offer) => <OfferLine key={offer.id} offer={offer} list={list} />)}
        </ul>
      ) : null}
      {query.data ? (
        <div className="border-t border-slate-100 px-5 py-2 empty:hidden">
          <Pagination page={query.data.current_page} lastPage={query.data.last_page} onChange={setPage} label={t('dashboard:pagination', { title })} disabled={query.isFetching} />
        </div>
      ) : null}
    </section>
  );
}
