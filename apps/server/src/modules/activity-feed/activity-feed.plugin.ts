import { defineModule } from '../../platform/modules/app-module.ts';
import { ActivityFeedRepository } from './activity-feed.repository.ts';
import { activityFeedRoutes } from './activity-feed.routes.ts';
import { ActivityFeedService } from './activity-feed.service.ts';
import { FeedWriter } from './feed-writer.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    /** Writes the product's events into the feed (status changes, applicants added, documents…). */
    activityFeed: FeedWriter;
    /** Reads and writes feeds: users, and outsiders on shared links (`outsider…` methods). */
    activityFeedService: ActivityFeedService;
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
    const service = new ActivityFeedService(
      new ActivityFeedRepository(database.db),
      files,
      services.get('applicants'),
      services.get('offers'),
    );
    services.provide('activityFeed', new FeedWriter(database.db));
    services.provide('activityFeedService', service);
    await app.register(activityFeedRoutes(service, uploads), { prefix: '/api' });
  },
});
