import type { JobWorker } from '../../platform/jobs/jobs.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { extractText } from '../../platform/storage/text-extract.ts';
import { COMMUNITY_CV_TEXT_JOB, searchText } from './community-public.service.ts';
import type { CommunityRepository } from './community.repository.ts';

/**
 * The `community.cv_text` job: a member's CV text, extracted off-thread with the applicants' own
 * limits (platform/storage/text-extract.ts), into their search words. Idempotent.
 */
export function registerCommunityCvJob(
  worker: JobWorker,
  repo: CommunityRepository,
  files: FileStorage,
): void {
  worker.register<{ company_id: number; member_id: number; cv_key: string }>(
    COMMUNITY_CV_TEXT_JOB,
    async ({ company_id, member_id, cv_key }) => {
      const row = await repo.cvText(company_id, member_id);
      // Erased, or a newer CV whose own job does the work.
      if (!row || row.cv_key !== cv_key) return;
      const data = await files.get(cv_key);
      if (!data) return;
      const text = await extractText(data, row.cv_mime ?? '');
      await repo.update(company_id, member_id, {
        cv_text: text,
        search_text: searchText({ ...row, cv_text: text }),
      });
    },
  );
}
