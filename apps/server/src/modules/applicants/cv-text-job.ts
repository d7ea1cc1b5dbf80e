import type { JobWorker } from '../../platform/jobs/jobs.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { extractText } from '../../platform/storage/text-extract.ts';
import type { ApplicantsRepository } from './applicants.repository.ts';
import { CV_TEXT_JOB } from './applicants.service.ts';

/** The `applicant.cv_text` job: extracts the CV's text into the search index. Idempotent. */
export function registerCvTextJob(
  worker: JobWorker,
  repo: ApplicantsRepository,
  files: FileStorage,
): void {
  worker.register<{ company_id: number; applicant_id: number; cv_key: string }>(
    CV_TEXT_JOB,
    async ({ company_id, applicant_id, cv_key }) => {
      const row = await repo.cvText(company_id, applicant_id);
      // Replaced or deleted since: the job that the new CV queued does the work.
      if (!row || row.cv_key !== cv_key) return;
      const data = await files.get(cv_key);
      if (!data) return;
      // A file refused (decompression bomb, time or memory limit) or unreadable throws an error
      // marked permanent: the job goes dead at once with the reason as its last error. The
      // applicant keeps its CV; cv_text and cv_extracted_at stay null, since no text was
      // extracted (text_extracted: false), and the dead job tells why.
      const text = await extractText(data, row.cv_mime ?? '');
      await repo.transaction(async (trx) => {
        await repo.update(
          company_id,
          applicant_id,
          { cv_text: text, cv_extracted_at: new Date().toISOString() },
          trx,
        );
        await repo.reindex(company_id, applicant_id, trx);
      });
    },
  );
}
