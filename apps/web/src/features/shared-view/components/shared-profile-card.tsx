import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PROVENANCES } from '@embauche/contracts/applicants';
import { isSafeLink } from '@embauche/contracts/links';
import type { TSharedApplicant } from '@embauche/contracts/shares';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatPhone } from '../../../lib/format-phone.ts';

function provenanceName(id: number | null | undefined): string | null {
  return Object.entries(PROVENANCES).find(([, value]) => value === id)?.[0] ?? null;
}

const TERM = 'text-slate-600';
const VALUE = 'min-w-0 text-slate-900';

/** With `profile`: contact details, source and tags, read only. */
export function SharedProfileCard({ applicant }: { applicant: TSharedApplicant }) {
  const { t } = useTranslation(['shared', 'applicant', 'common']);
  const source = applicant.source;
  const provenance = provenanceName(source?.provenance_id);
  return (
    <Card title={t('shared:view.profile.title')}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-3">
        <dt className={TERM}>{t('shared:view.profile.email')}</dt>
        <dd className={`${VALUE} mb-2 sm:mb-0`}>
          {applicant.email ? (
            <a href={`mailto:${applicant.email}`} className="break-all text-brand-700 hover:underline">
              {applicant.email}
            </a>
          ) : (
            t('applicant:profile.no_email')
          )}
        </dd>
        <dt className={TERM}>{t('shared:view.profile.phone')}</dt>
        <dd className={`${VALUE} mb-2 sm:mb-0`}>
          {applicant.phone ? (
            <a href={`tel:${applicant.phone.replace(/[^\d+]/g, '')}`} className="text-brand-700 hover:underline">
              {formatPhone(applicant.phone)}
            </a>
          ) : (
            t('applicant:profile.no_phone')
          )}
        </dd>
        <dt className={TERM}>{t('applicant:profile.provenance')}</dt>
        <dd className={`${VALUE} mb-2 flex flex-wrap items-center gap-x-3 gap-y-1 sm:mb-0`}>
          <Badge tone="info">{provenance ? t(`applicant:provenances.${provenance}`) : t('applicant:profile.unknown')}</Badge>
          {source?.jobboard ? <span className="font-medium text-slate-800">{source.jobboard}</span> : null}
          {/* Only web links become links: a stored `javascript:` or `data:` URL shows as text. */}
          {source?.url ? (
            isSafeLink(source.url) ? (
              <a href={source.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-brand-700 hover:underline">
                {t('applicant:profile.source_link')}
                <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only">{t('common:header.new_tab')}</span>
              </a>
            ) : (
              <span className="break-all">{source.url}</span>
            )
          ) : null}
        </dd>
        <dt className={TERM}>{t('shared:view.profile.tags')}</dt>
        <dd className={VALUE}>
          {applicant.tags.length ? (
            <ul aria-label={t('shared:view.profile.tags')} className="flex flex-wrap gap-1.5">
              {applicant.tags.map((tag) => (
                <li key={tag}>
                  <Badge className="max-w-full whitespace-normal break-all">{tag}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            t('shared:view.profile.no_tags')
          )}
        </dd>
      </dl>
    </Card>
  );
}
