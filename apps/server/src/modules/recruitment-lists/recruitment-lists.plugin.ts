import { BulkOperations } from '../../platform/jobs/bulk-operations.ts';
import { ApplicantSelectionService } from './applicant-selection.service.ts';
import { ListSelectionService } from './list-selection.service.ts';
import { defineModule } from '../../platform/modules/app-module.ts';
import { RecruitmentListsRepository } from './recruitment-lists.repository.ts';
import { recruitmentListsRoutes } from './recruitment-lists.routes.ts';
import { RecruitmentListsService } from './recruitment-lists.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    /** Recruitment lists (issue 15). */
    recruitmentLists: RecruitmentListsService;
    /**
     * "All that match" of a sourcing search or a recruitment list (issue 42 part 2): the
     * applicants of a selection, for the mailings and SMS modules.
     */
    applicantSelection: ApplicantSelectionService;
  }
}

/**
 * Recruitment lists (issue 15, docs/recruitment-lists.md): spec 7's calls, the sheet, sharing.
 * Comes after the applicants module (which applicants a user may add) and the sourcing module
 * (its search as a selection).
 */
export const recruitmentListsModule = defineModule({
  name: 'recruitment-lists',
  async register({ app, database, services, worker }) {
    const service = new RecruitmentListsService(
      new RecruitmentListsRepository(database.db, database.dialect),
      services.get('applicants'),
    );
    const selection = new ApplicantSelectionService({
      sourcing: () => services.get('sourcing'),
      recruitment_list: (auth, listId, filters) => service.selection(auth, listId, filters),
    });
    services.provide('recruitmentLists', service);
    services.provide('applicantSelection', selection);
    // Add or remove "all that match" (issue 42 part 2): big sets in a job.
    const listSelection = new ListSelectionService(
      service,
      () => selection,
      new BulkOperations(database.db),
    );
    listSelection.register(worker);
    await app.register(recruitmentListsRoutes(service, listSelection), { prefix: '/api' });
  },
});
