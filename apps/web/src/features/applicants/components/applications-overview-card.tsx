import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/dates.ts';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import type { TApplicationOverview } from '../api/get-applications-overview.ts';
import { ApplicationTests } from './application-tests.tsx';
import { CareerSiteAnswers } from './career-site-answers.tsx';

type Props = {
  applications: TApplicationOverview[] | undefined;
  loading: boolean;
  focusedId: number | null;
  onFocus: (applicationId: number) => void;
  /** The focused application's status control (composed by the route: it belongs to the applications area). */
  statusControl?: (application: TApplicationOverview) => ReactNode;
};

/** Every application of the applicant: offer (linked), status, date; one is in focus (summary, motivation, tests, career site answers). */
export function ApplicationsOverviewCard({ applications, loading, focusedId, onFocus, statusControl }: Props) {
  const { t, i18n } = useTranslation('applicant');
  const labels = usePipelineLabels();
  return (
    <Card title={t('applicant:applications.title')} description={applications?.length ? t('applicant:applications.count', { count: applications.length }) : undefined}>
      {loading ? (
        <Spinner />
      ) : !applications?.length ? (
        <p className="text-sm text-slate-600">{t('applicant:applications.none')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {applications.map((application) => {
            const focused = application.id === focusedId;
            const title = application.job_position ?? t('applicant:applications.spontaneous');
            return (
              <li key={application.id} className={cn('rounded-lg border px-4 py-3', focused ? 'border-brand-300 bg-brand-50/60' : 'border-slate-200')}>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  {application.offer_id && application.project_id ? (
                    <Link to={`/projects/${application.project_id}/offer/${application.offer_id}`} className="font-medium text-brand-700 hover:underline">
                      {title}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-900">{title}</span>
                  )}
                  <Badge tone={application.status.id === 6 ? 'success' : application.status.id === 7 || application.status.id === 8 ? 'danger' : 'neutral'}>
                    {labels.statusLabel(application.status)}
                  </Badge>
                  {application.motif_name ? <span className="text-xs text-slate-600">{labels.motifLabel({ name: application.motif_name, default_motif: true })}</span> : null}
                  <span className="text-xs text-slate-600">{t('applicant:applications.applied_on', { date: formatDate(application.created_at, 'date', i18n.language) })}</span>
                  {application.jobboard ? <span className="text-xs text-slate-600">{application.jobboard}</span> : null}
                  {/* A toggle keeps one name in both states (its visible word is part of it, axe
                      label-content-name-mismatch); the pressed state shows as a tick and as aria-pressed. */}
                  <button
                    type="button"
                    aria-pressed={focused}
                    aria-label={t('applicant:applications.focus', { title })}
                    onClick={() => onFocus(application.id)}
                    className={cn(
                      'ml-auto inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                      focused ? 'bg-brand-600 text-white' : 'text-brand-700 hover:bg-brand-50',
                    )}
                  >
                    {focused ? <Check aria-hidden="true" className="size-3.5" /> : null}
                    {t('applicant:applications.show')}
                  </button>
                </div>
                {focused && statusControl ? <div className="mt-2 flex flex-wrap items-center gap-2">{statusControl(application)}</div> : null}
                {focused ? <ApplicationTests applicationId={application.id} /> : null}
                {focused ? <CareerSiteAnswers answers={application.career_site} /> : null}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
