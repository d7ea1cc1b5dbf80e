import { useState, type ReactNode } from 'react';
import { ExternalLink, Mail, Pencil, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TApplicantDetail } from '@embauche/contracts/applicants';
import { isSafeLink } from '@embauche/contracts/links';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { formatPhone } from '../../../lib/format-phone.ts';
import { provenanceName } from '../lib/provenance.ts';
import { ApplicantProfileDialog } from './applicant-profile-dialog.tsx';

type Props = {
  applicant: TApplicantDetail;
  canEdit: boolean;
  onChanged?: () => void;
  /** More actions on the applicant, beside "edit" (composed by the route). */
  actions?: ReactNode;
};

/** Photo, name (the page's h1), contact details and source, with the edit dialog. */
export function ApplicantProfileCard({ applicant, canEdit, onChanged, actions }: Props) {
  const { t, i18n } = useTranslation('applicant');
  const [editing, setEditing] = useState(false);
  const name = `${applicant.firstname} ${applicant.lastname}`;
  const provenance = provenanceName(applicant.source.provenance_id);
  return (
    <section aria-labelledby="applicant-name" className="flex flex-wrap items-start gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:gap-5 sm:p-6">
      <Avatar src={applicant.img_src} name={name} className="size-16 text-lg" />
      <div className="flex min-w-0 flex-1 basis-60 flex-col gap-2">
        <h1 id="applicant-name" className="break-words text-2xl font-semibold tracking-tight text-slate-900">
          {name}
        </h1>
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700" aria-label={t('applicant:profile.contact')}>
          <li className="flex min-w-0 items-center gap-1.5">
            <Mail aria-hidden="true" className="size-4 text-slate-500" />
            {applicant.email ? (
              <a href={`mailto:${applicant.email}`} className="min-w-0 break-all text-brand-700 hover:underline">
                {applicant.email}
              </a>
            ) : (
              <span>{t('applicant:profile.no_email')}</span>
            )}
          </li>
          <li className="flex items-center gap-1.5">
            <Phone aria-hidden="true" className="size-4 text-slate-500" />
            {applicant.phone ? (
              <a href={`tel:${applicant.phone.replace(/[^\d+]/g, '')}`} className="text-brand-700 hover:underline">
                {formatPhone(applicant.phone)}
              </a>
            ) : (
              <span>{t('applicant:profile.no_phone')}</span>
            )}
          </li>
        </ul>
        <dl className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm">
          <div className="flex items-center gap-1.5">
            <dt className="text-slate-600">{t('applicant:profile.provenance')}</dt>
            <dd>
              <Badge tone="info">{provenance ? t(`applicant:provenances.${provenance}`) : t('applicant:profile.unknown')}</Badge>
            </dd>
          </div>
          {applicant.source.jobboard ? (
            <div className="flex items-center gap-1.5">
              <dt className="text-slate-600">{t('applicant:profile.jobboard')}</dt>
              <dd className="flex items-center gap-1.5 font-medium text-slate-800">
                {applicant.source.url_logo_jobboard ? <img src={applicant.source.url_logo_jobboard} alt="" className="size-5 rounded object-contain" /> : null}
                {applicant.source.jobboard}
              </dd>
            </div>
          ) : null}
          {applicant.source.url ? (
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">{t('applicant:profile.source_url')}</dt>
              <dd>
                {/* Only web links become links: a stored `javascript:` or `data:` URL shows as text. */}
                {isSafeLink(applicant.source.url) ? (
                  <a href={applicant.source.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-brand-700 hover:underline">
                    {t('applicant:profile.source_link')}
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                    <span className="sr-only">{t('common:header.new_tab')}</span>
                  </a>
                ) : (
                  <span className="break-all text-slate-800">{applicant.source.url}</span>
                )}
              </dd>
            </div>
          ) : null}
          <div className="flex items-center gap-1.5">
            <dt className="text-slate-600">{t('applicant:profile.created_at')}</dt>
            <dd className="text-slate-800">{formatDate(applicant.created_at, 'date', i18n.language)}</dd>
          </div>
        </dl>
      </div>
      {canEdit || actions ? (
        <div className="flex flex-wrap gap-2">
          {canEdit ? (
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              {t('applicant:profile.edit')}
            </Button>
          ) : null}
          {actions}
        </div>
      ) : null}
      {editing ? <ApplicantProfileDialog applicant={applicant} onClose={() => setEditing(false)} onChanged={onChanged} /> : null}
    </section>
  );
}
