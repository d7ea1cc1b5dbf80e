import { defineModule } from '../../platform/modules/app-module.ts';
import { ActivityFeedRepository } from './activity-feed.repository.ts';
import { activityFeedRoutes } from './activity-feed.routes.ts';
import { ActivityFeedService } from './activity-feed.service.ts';
import { FeedWriter } from './feed-writer.ts';
import { OutsiderFeedService } from './outsider-feed.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    /** Writes the product's events into the feed (status changes, applicants added, documents…). */
    activityFeed: FeedWriter;
    /** Reads and writes a feed as an outsider on a shared link (public comments, their own). */
    outsiderFeed: OutsiderFeedService;
  }
}

/**
 * The activity feed of offers and applicants (issue 12). Registered after the applications
 * module; the modules listed before it write their events through `services.get('activityFeed')`
 * looked up when an event happens, not when they are registered.
 */
export const activityFeedModule = defineModule({
  name: 'activity-feed',
  async register({ app, database, files, uploads, services }) {
    const repo = new ActivityFeedRepository(database.db, database.dialect);
    const service = new ActivityFeedService(
      repo,
      files,
      services.get('applicants'),
      services.get('offers'),
      () => services.get('notifications'),
    );
    services.provide('activityFeed', new FeedWriter(database.db));
    services.provide('outsiderFeed', new OutsiderFeedService(repo, files));
    await app.register(activityFeedRoutes(service, uploads), { prefix: '/api' });
  },
});
