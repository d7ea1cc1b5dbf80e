import { AttemptLimiter } from '../../platform/http/attempt-limiter.ts';
import { PublicTokenGuard } from '../../platform/http/public-token-guard.ts';
import { defineModule } from '../../platform/modules/app-module.ts';
import { registerCommunityCvJob } from './community-cv-job.ts';
import { CommunityMailing } from './community-mailing.ts';
import { communityPublicRoutes } from './community-public.routes.ts';
import { COMMUNITY_JOIN_LIMITS, CommunityPublicService } from './community-public.service.ts';
import { CommunityRepository } from './community.repository.ts';
import { communityRoutes } from './community.routes.ts';
import { CommunityService } from './community.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    /** Writing to community members from a mailing: who is a member, their leave links (issue 38). */
    communityMailing: CommunityMailing;
  }
}

/** Members past their retention period are erased: checked every six hours across instances. */
export const COMMUNITY_PURGE_TASK = 'community-retention-purge';
const COMMUNITY_PURGE_EVERY_MS = 6 * 3_600_000;

/**
 * The talent community (issue 37 part 4, contracts/community.ts, docs/community.md): the public
 * join form and member pages beside the career site, and the community area's calls. Listed after
 * the applicants and recruitment-lists modules (a member joins a list as an applicant).
 */
export const communityModule = defineModule({
  name: 'community',
  async register({ app, config, database, files, worker, uploads, services }) {
    const repo = new CommunityRepository(database.db);
    const publicPages = new CommunityPublicService(
      repo,
      services.get('careerSiteLookup'),
      files,
      new AttemptLimiter(services.get('attempts'), COMMUNITY_JOIN_LIMITS.windowMinutes),
      uploads,
    );
    const service = new CommunityService(
      repo,
      files,
      services.get('applicants'),
      services.get('recruitmentLists'),
      { publicUrl: config.publicUrl, careerSiteUrl: config.careerSiteUrl },
      services.get('mailModels'),
    );
    services.provide('communityMailing', new CommunityMailing(repo));
    registerCommunityCvJob(worker, repo, files);
    worker.every(COMMUNITY_PURGE_TASK, COMMUNITY_PURGE_EVERY_MS, (now) =>
      publicPages.purgeExpired(now),
    );
    await app.register(communityRoutes(service), { prefix: '/api' });
    await app.register(
      communityPublicRoutes(
        publicPages,
        new PublicTokenGuard(services.get('attempts'), config.publicToken),
        config,
        uploads,
      ),
    );
  },
});
