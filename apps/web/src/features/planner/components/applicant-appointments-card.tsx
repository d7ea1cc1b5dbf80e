import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarDays } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useUserTimeZone } from '../../../lib/user-time-zone.ts';
import { useApplicantAppointments } from '../api/get-applicant-appointments.ts';

/** The applicant screen's appointments (issue 39): newest first, on the user's clock, with who interviews and whether it was booked through a link. */
export function ApplicantAppointmentsCard({ applicantId }: { applicantId: number }) {
  const { t, i18n } = useTranslation('planner');
  const [page, setPage] = useState(1);
  const query = useApplicantAppointments(applicantId, page);
  const timeZone = useUserTimeZone();
  if (!query.data || query.data.total === 0) return null;
  const data = query.data;
  return (
    <Card title={t('planner:applicant.title')}>
      <ul className="flex flex-col divide-y divide-slate-100" aria-busy={query.isFetching}>
        {data.data.map((a) => (
          <li key={a.id} className="flex min-w-0 items-start gap-3 py-2 first:pt-0 last:pb-0">
            <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2">
                <span
                  className={
                    a.status === 'cancelled'
                      ? 'font-medium text-slate-600 line-through'
                      : 'font-medium text-slate-900'
                  }
                >
                  {a.title}
                </span>
                {a.status === 'cancelled' ? (
                  <Badge tone="warning">{t('planner:applicant.cancelled')}</Badge>
                ) : null}
                {a.source === 'booking' ? (
                  <Badge tone="info">{t('planner:applicant.booked')}</Badge>
                ) : null}
              </p>
              <p className="text-sm first-letter:uppercase text-slate-800">
                {formatDate(a.start_at, 'longdatetime', i18n.language, { timeZone })} –{' '}
                {formatDate(a.end_at, 'time', i18n.language, { timeZone })}
              </p>
              <p className="break-words text-xs text-slate-600">
                {t('planner:applicant.with', {
                  names: a.interviewers
                    .map((p) => `${p.firstname} ${p.lastname}`.trim())
                    .join(', '),
                })}
                {a.offer ? ` · ${a.offer.title}` : ''}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {data.last_page > 1 ? (
        <Pagination page={data.current_page} lastPage={data.last_page} onChange={setPage} />
      ) : null}
    </Card>
  );
}
