import { SHARE_POST_LIMITS } from '@embauche/contracts/shares';
import { AttemptLimiter } from '../../platform/http/attempt-limiter.ts';
import { PublicTokenGuard } from '../../platform/http/public-token-guard.ts';
import { defineModule } from '../../platform/modules/app-module.ts';
import { SharedFeedService } from './shared-feed.service.ts';
import { sharedRoutes } from './shared.routes.ts';
import { SharesRepository } from './shares.repository.ts';
import { sharesRoutes } from './shares.routes.ts';
import { SharesService } from './shares.service.ts';
import { TransferService } from './transfer.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    shares: SharesService;
  }
}

/**
 * Transfers by e-mail and shared links (issue 12 parts 3 and 4): the users' calls, and the public
 * `/api/shared/{token}/…` calls of outsiders. Comes after the activity feed, whose outsider
 * service it uses.
 */
export const sharesModule = defineModule({
  name: 'shares',
  async register({ app, config, database, uploads, services }) {
    const repo = new SharesRepository(database.db);
    const service = new SharesService(
      repo,
      services.get('applicants'),
      services.get('sharedApplicants'),
      services.get('applications'),
      services.get('activityFeed'),
      { publicUrl: config.publicUrl ?? `http://localhost:${config.port}` },
      services.get('audit'),
    );
    const transfers = new TransferService(
      repo,
      service,
      services.get('applicants'),
      services.get('applications'),
      services.get('activityFeed'),
      services.get('notifications'),
      (companyId) => services.get('companySettings').timeZone(companyId),
      services.get('mailModels'),
      services.get('mailSignatures'),
      // "All that match" (issue 42 part 2): the recruitment lists module comes later in app.ts.
      () => services.get('applicantSelection'),
    );
    const feed = new SharedFeedService(
      service,
      services.get('outsiderFeed'),
      new AttemptLimiter(services.get('attempts'), SHARE_POST_LIMITS.windowMinutes),
    );
    services.provide('shares', service);
    await app.register(sharesRoutes(service, transfers), { prefix: '/api' });
    await app.register(
      sharedRoutes(
        service,
        feed,
        uploads,
        new PublicTokenGuard(services.get('attempts'), config.publicToken),
      ),
      { prefix: '/api' },
    );
  },
});
