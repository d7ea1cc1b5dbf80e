import { useTranslation } from 'react-i18next';
import type { TOfferDetail } from '@embauche/contracts/offers';
import { formatDate } from '../../../lib/dates.ts';
import { OfferDescription } from './offer-description.tsx';

function euros(value: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(value);
}

/** The offer's fields as a description list, then its description. */
export function OfferDetailsView({ offer }: { offer: TOfferDetail }) {
  const { t, i18n } = useTranslation('projects');
  const none = t('projects:fields.not_specified');
  const salary =
    offer.salary_min != null || offer.salary_max != null
      ? [offer.salary_min, offer.salary_max].map((v) => (v == null ? '…' : euros(v, i18n.language))).join(' – ')
      : none;
  const rows: [string, string][] = [
    [t('projects:fields.reference'), offer.reference ?? none],
    [t('projects:fields.contract_type'), offer.contract_type ? t(`projects:contract_types.${offer.contract_type}`) : none],
    [t('projects:fields.location'), offer.location ?? none],
    [t('projects:fields.department'), offer.department ?? none],
    [t('projects:fields.remote'), t(`projects:remote.${offer.remote}`)],
    [t('projects:fields.salary'), salary],
    [t('projects:fields.closing_date'), offer.closing_date ? formatDate(offer.closing_date, 'date', i18n.language) : none],
    [t('projects:fields.subsidiary'), offer.subsidiary_name ?? none],
    [t('projects:fields.created_by'), offer.created_by ? `${offer.created_by.firstname} ${offer.created_by.lastname}` : none],
    [t('projects:list.created_at'), formatDate(offer.created_at, 'date', i18n.language)],
    [t('projects:fields.updated_at'), formatDate(offer.updated_at, 'date', i18n.language)],
  ];
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
            <dd className="mt-1 text-sm text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="offer-description-title">
        <h2 id="offer-description-title" className="mb-2 text-sm font-semibold text-slate-900">{t('projects:fields.description')}</h2>
        <OfferDescription html={offer.description} />
      </section>
      {offer.company_description ? (
        <section aria-labelledby="offer-company-title">
          <h2 id="offer-company-title" className="mb-2 text-sm font-semibold text-slate-900">{t('projects:details.about_company')}</h2>
          {/* Sanitised by the server (config `joboffers/company-description`), the same allow-list as the description. */}
          <OfferDescription html={offer.company_description} />
        </section>
      ) : null}
      {offer.mandatory_mentions ? (
        <section aria-labelledby="offer-mentions-title">
          <h2 id="offer-mentions-title" className="mb-2 text-sm font-semibold text-slate-900">{t('projects:details.mandatory_mentions')}</h2>
          <p className="whitespace-pre-line text-sm text-slate-800">{offer.mandatory_mentions}</p>
        </section>
      ) : null}
    </div>
  );
}
