import { Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TApplicantDetail } from '@embauche/contracts/applicants';
import { isSafeLink } from '@embauche/contracts/links';
import { Card } from '../../../components/ui/card.tsx';
import { formatDate } from '../../../lib/dates.ts';

/** The video interview: when, the link to join, the notes. */
export function VisioCard({ visio }: { visio: TApplicantDetail['visio'] }) {
  const { t, i18n } = useTranslation('applicant');
  const empty = !visio.url && !visio.scheduled_at && !visio.notes;
  return (
    <Card title={t('applicant:visio.title')}>
      {empty ? (
        <p className="text-sm text-slate-600">{t('applicant:visio.none')}</p>
      ) : (
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {visio.scheduled_at ? (
            <>
              <dt className="text-slate-600">{t('applicant:visio.scheduled_at')}</dt>
              <dd className="text-slate-900">{formatDate(visio.scheduled_at, 'longdatetime', i18n.language)}</dd>
            </>
          ) : null}
          {visio.url ? (
            <>
              <dt className="text-slate-600">{t('applicant:visio.link')}</dt>
              <dd>
                {/* Only web links become links: a stored `javascript:` or `data:` URL shows as text. */}
                {isSafeLink(visio.url) ? (
                  <a href={visio.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 text-brand-700 hover:underline">
                    <Video aria-hidden="true" className="size-4" />
                    {t('applicant:visio.join')}
                    <span className="sr-only">{t('common:header.new_tab')}</span>
                  </a>
                ) : (
                  <span className="break-all text-slate-800">{visio.url}</span>
                )}
              </dd>
            </>
          ) : null}
          {visio.notes ? (
            <>
              <dt className="text-slate-600">{t('applicant:visio.notes')}</dt>
              <dd className="whitespace-pre-line text-slate-800">{visio.notes}</dd>
            </>
          ) : null}
        </dl>
      )}
    </Card>
  );
}
