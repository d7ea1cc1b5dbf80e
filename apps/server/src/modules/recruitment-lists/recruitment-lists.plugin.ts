import { defineModule } from '../../platform/modules/app-module.ts';
import { RecruitmentListsRepository } from './recruitment-lists.repository.ts';
import { recruitmentListsRoutes } from './recruitment-lists.routes.ts';
import { RecruitmentListsService } from './recruitment-lists.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    /** Recruitment lists (issue 15). */
    recruitmentLists: RecruitmentListsService;
  }
}

/**
 * Recruitment lists (issue 15, docs/recruitment-lists.md): spec 7's calls, the sheet, sharing.
 * Comes after the applicants module (which applicants a user may add).
 */
export const recruitmentListsModule = defineModule({
  name: 'recruitment-lists',
  async register({ app, database, services }) {
    const service = new RecruitmentListsService(
      new RecruitmentListsRepository(database.db),
      services.get('applicants'),
    );
    services.provide('recruitmentLists', service);
    await app.register(recruitmentListsRoutes(service), { prefix: '/api' });
  },
});
