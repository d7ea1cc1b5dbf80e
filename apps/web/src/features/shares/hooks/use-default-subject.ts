import { useTranslation } from 'react-i18next';

/** One transferred person: the name, and the job position when an offer is in view. */
export type TransferItem = { name: string; jobPosition?: string | null };

/**
 * The subject the transfer form opens with: the person (and the job) for one, the count (and the
 * job when they all share it) for several. Computed once, when the dialog opens.
 */
export function useDefaultSubject(kind: 'applicants' | 'applications', items: TransferItem[], count = items.length): string {
  const { t } = useTranslation('applicant');
  const jobs = [...new Set(items.map((item) => item.jobPosition ?? ''))];
  const job = jobs.length === 1 ? jobs[0] : '';
  const [first] = items;
  if (items.length === 1 && first) {
    return job ? t('applicant:transfer.subject_one_job', { name: first.name, job }) : t('applicant:transfer.subject_one', { name: first.name });
  }
  if (job) return t('applicant:transfer.subject_many_job', { count, job });
  return kind === 'applications' ? t('applicant:transfer.subject_many_applications', { count }) : t('applicant:transfer.subject_many', { count });
}
