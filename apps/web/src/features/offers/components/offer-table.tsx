import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SelectPageCheckbox } from '../../../components/ui/select-page-checkbox.tsx';
import type { TCustomField } from '@embauche/contracts/custom-fields';
import type { TOfferListItem } from '@embauche/contracts/offers';
import { CustomListValues } from '../../../components/custom-fields/custom-list-values.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useIsMobile } from '../../../lib/use-media-query.ts';
import { OfferFavoriteToggle } from './offer-favorite-toggle.tsx';
import { OfferStatusBadge } from './offer-status-badge.tsx';

type Props = {
  offers: TOfferListItem[];
  selected: ReadonlySet<number>;
  onSelect: (offers: TOfferListItem[], selected: boolean) => void;
  onChanged?: () => void;
  caption: string;
  /** Off in a project's own list, where every row has the same project. */
  showProject?: boolean;
  /** The offer custom fields shown in lists (`show_in_list`): "Label: value" under the offer's name. */
  fields?: readonly TCustomField[];
};

function offerMeta(offer: TOfferListItem, showProject: boolean, t: (key: string) => string): string {
  return [showProject ? offer.project_name : null, offer.reference, offer.contract_type ? t(`projects:contract_types.${offer.contract_type}`) : null, offer.location]
    .filter(Boolean)
    .join(' · ');
}

/** Phones: one card per offer, with the same checkbox, favourite, link, status, counts and dates. */
function OfferCards({ offers, selected, onSelect, onChanged, caption, showProject = true, fields = [] }: Props) {
  const { t, i18n } = useTranslation('projects');
  return (
    <div>
      <div className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-700">
        <SelectPageCheckbox items={offers} selected={selected} onSelect={onSelect} label={t('projects:list.select_page')} />
        <span aria-hidden="true">{t('projects:list.job_position')}</span>
      </div>
      <ul aria-label={caption} className="divide-y divide-slate-100">
        {offers.map((offer) => (
          <li key={offer.id} className={selected.has(offer.id) ? 'flex gap-3 bg-brand-50/60 px-4 py-3' : 'flex gap-3 px-4 py-3'}>
            <div className="flex shrink-0 flex-col items-center gap-1 pt-0.5">
              <Checkbox
                aria-label={t('projects:list.select_offer', { name: offer.job_position })}
                checked={selected.has(offer.id)}
                onChange={(e) => onSelect([offer], e.target.checked)}
              />
              <OfferFavoriteToggle projectId={offer.project_id} offerId={offer.id} name={offer.job_position} favorite={offer.is_favorite} onChanged={onChanged} />
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-1.5 text-sm">
              <Link to={`/projects/${offer.project_id}/offer/${offer.id}`} className="break-words font-medium text-brand-700 hover:underline">
                {offer.job_position}
              </Link>
              <span className="text-xs text-slate-600">{offerMeta(offer, showProject, t)}</span>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <OfferStatusBadge offer={offer} />
                <span className="tabular-nums text-slate-700">
                  {t('projects:list.applications')} <strong className="font-semibold text-slate-900">{offer.total_applications}</strong>
                </span>
                {offer.total_to_treat > 0 ? <span className="text-xs text-amber-800">{t('projects:counts.to_treat', { count: offer.total_to_treat })}</span> : null}
              </div>
              <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-slate-600">
                <div className="flex gap-1">
                  <dt>{t('projects:list.created_at')}</dt>
                  <dd className="tabular-nums">{formatDate(offer.created_at, 'date', i18n.language)}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>{t('projects:list.closing_date')}</dt>
                  <dd className="tabular-nums">{offer.closing_date ? formatDate(offer.closing_date, 'date', i18n.language) : '—'}</dd>
                </div>
              </dl>
              <CustomListValues fields={fields} values={offer.custom_fields} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The offers of one page, with a labelled checkbox per row and a header checkbox for the page; on
 * phones (< 768px) the rows become cards, so that nothing hides behind a sideways scroll.
 */
export function OfferTable(props: Props) {
  const isMobile = useIsMobile();
  return isMobile ? <OfferCards {...props} /> : <OfferRows {...props} />;
}

function OfferRows({ offers, selected, onSelect, onChanged, caption, showProject = true, fields = [] }: Props) {
  const { t, i18n } = useTranslation('projects');
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
        <tr>
          <th scope="col" className="w-10 px-4 py-3">
            <SelectPageCheckbox items={offers} selected={selected} onSelect={onSelect} label={t('projects:list.select_page')} />
          </th>
          <th scope="col" className="w-10 px-1 py-3"><span className="sr-only">{t('projects:list.favorite')}</span></th>
          <th scope="col" className="min-w-56 px-3 py-3 font-semibold">{t('projects:list.job_position')}</th>
          <th scope="col" className="px-3 py-3 font-semibold">{t('projects:list.status')}</th>
          <th scope="col" className="px-2 py-3 text-right font-semibold">{t('projects:list.applications')}</th>
          <th scope="col" className="px-2 py-3 font-semibold">{t('projects:list.created_at')}</th>
          <th scope="col" className="py-3 pl-2 pr-4 font-semibold">{t('projects:list.closing_date')}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {offers.map((offer) => (
          <tr key={offer.id} className={selected.has(offer.id) ? 'bg-brand-50/60' : 'hover:bg-slate-50'}>
            <td className="px-4 py-3">
              <Checkbox
                aria-label={t('projects:list.select_offer', { name: offer.job_position })}
                checked={selected.has(offer.id)}
                onChange={(e) => onSelect([offer], e.target.checked)}
              />
            </td>
            <td className="px-1 py-2">
              <OfferFavoriteToggle projectId={offer.project_id} offerId={offer.id} name={offer.job_position} favorite={offer.is_favorite} onChanged={onChanged} />
            </td>
            <th scope="row" className="px-3 py-3 font-medium">
              <Link to={`/projects/${offer.project_id}/offer/${offer.id}`} className="text-brand-700 hover:underline">
                {offer.job_position}
              </Link>
              <span className="block text-xs font-normal text-slate-600">
                {offerMeta(offer, showProject, t)}
              </span>
              <CustomListValues fields={fields} values={offer.custom_fields} className="mt-0.5 font-normal" />
            </th>
            <td className="px-3 py-3"><OfferStatusBadge offer={offer} /></td>
            <td className="whitespace-nowrap px-2 py-3 text-right tabular-nums text-slate-700">
              {offer.total_applications}
              {offer.total_to_treat > 0 ? (
                <span className="block text-xs text-amber-800">{t('projects:counts.to_treat', { count: offer.total_to_treat })}</span>
              ) : null}
            </td>
            <td className="whitespace-nowrap px-2 py-3 tabular-nums text-slate-700">{formatDate(offer.created_at, 'date', i18n.language)}</td>
            <td className="whitespace-nowrap py-3 pl-2 pr-4 tabular-nums text-slate-700">
              {offer.closing_date ? formatDate(offer.closing_date, 'date', i18n.language) : '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
