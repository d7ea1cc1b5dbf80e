import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates.ts';
import { useApplicationTests } from '../api/get-application-tests.ts';

/** The assessment tests of the application in focus (nothing when none was sent). */
export function ApplicationTests({ applicationId }: { applicationId: number }) {
  const { t, i18n } = useTranslation('applicant');
  const tests = useApplicationTests(applicationId).data ?? [];
  if (!tests.length) return null;
  return (
    <div className="mt-3 border-t border-slate-200 pt-2">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{t('applicant:tests.title')}</h3>
      <ul className="mt-1 flex flex-col gap-1 text-sm">
        {tests.map((test) => (
          <li key={test.id} className="flex flex-wrap gap-x-3 text-slate-800">
            <span className="font-medium">{test.name}</span>
            <span>{t(`applicant:tests.statuses.${test.status}`, { defaultValue: test.status })}</span>
            {test.score !== null ? <span>{t('applicant:tests.score', { score: test.score })}</span> : null}
            <span className="text-slate-600">{formatDate(test.completed_at ?? test.sent_at, 'date', i18n.language)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
