import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMotivation, type MotivationSubject } from '../api/get-motivation.ts';

/** The motivation of the application in focus (its own, else the applicant's). */
export function MotivationCard({ subject }: { subject: MotivationSubject }) {
  const { t } = useTranslation('applicant');
  const query = useMotivation(subject);
  return (
    <Card title={t('applicant:motivation.title')}>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p className="text-sm text-slate-700">{t('common:error')}</p>
      ) : query.data.motivation ? (
        <p className="whitespace-pre-line text-sm leading-relaxed text-slate-800">{query.data.motivation}</p>
      ) : (
        <p className="text-sm text-slate-600">{t('applicant:motivation.none')}</p>
      )}
    </Card>
  );
}
