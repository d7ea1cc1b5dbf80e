import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

type Props = { motivation: string | null | undefined; loading?: boolean; failed?: boolean };

/** With `motivation`: the applicant's own words, as plain text. */
export function SharedMotivationCard({ motivation, loading, failed }: Props) {
  const { t } = useTranslation(['shared', 'common']);
  return (
    <Card title={t('shared:view.motivation.title')}>
      {loading ? (
        <Spinner />
      ) : failed ? (
        <p role="alert" className="text-sm text-red-700">
          {t('common:error')}
        </p>
      ) : motivation?.trim() ? (
        <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-slate-800">{motivation}</p>
      ) : (
        <p className="text-sm text-slate-600">{t('shared:view.motivation.none')}</p>
      )}
    </Card>
  );
}
