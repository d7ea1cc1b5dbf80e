import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { errorStatus } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useCvBundleById } from '../api/get-cv-bundle.ts';
import { CvBundleProgress } from './cv-bundle-progress.tsx';

type Props = { id: number; notFound: ReactNode };

/**
 * `/downloads/cv-bundles/{id}` (issue 42): a ZIP of CVs found again after its dialog was closed —
 * the link of the notification that says it is ready or failed. It shows the operation as the
 * dialog does (one component: CvBundleProgress). Someone else's bundle: the API answers 404, and so
 * does the page.
 */
export function CvBundlePage({ id, notFound }: Props) {
  const { t, i18n } = useTranslation(['application', 'common']);
  const query = useCvBundleById(id);
  if (query.isPending) return <FullPageSpinner />;
  if (query.isError) {
    if (errorStatus(query.error) === 404) return notFound;
    return (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm text-red-700">
        <p>{t('common:error')}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('application:cv_bundle.page.retry')}
        </Button>
      </div>
    );
  }
  const operation = query.data;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      <PageHeader
        title={t('application:cv_bundle.title', { count: operation.total })}
        subtitle={t('application:cv_bundle.page.asked_on', { date: formatDate(operation.created_at, 'datetime', i18n.language) })}
      />
      <section aria-label={t('application:cv_bundle.page.section')} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <CvBundleProgress operation={operation} />
      </section>
    </div>
  );
}
