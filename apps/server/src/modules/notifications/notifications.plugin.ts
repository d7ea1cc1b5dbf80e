import { defineModule } from '../../platform/modules/app-module.ts';
import { NotificationEmailsService } from './notification-emails.service.ts';
import { NotificationPreferencesRepository } from './notification-preferences.repository.ts';
import { notificationPreferencesRoutes } from './notification-preferences.routes.ts';
import { NotificationPreferencesService } from './notification-preferences.service.ts';
import { NotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { NotificationsService } from './notifications.service.ts';

/** The recurring task that sends the daily digests (one turn a minute across the workers). */
export const NOTIFICATION_DIGEST_TASK = 'notification-digests';
const DIGEST_TICK_MS = 60_000;

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    /** Notifies users (rows, then published live once written): mentions, documents, applications… */
    notifications: NotificationsService;
  }
}

/**
 * Notifications (issue 13 parts 1): the users' calls of spec 7, and the service the producing
 * modules (activity feed, applicants, applications, shares) call, looked up when an event happens.
 * Comes after the hub, through which each notification is published on `v2/user/{id}`. Preferences
 * and e-mails (issue 38 part 4): the company's defaults and each user's choices decide who gets a
 * notification in the app and by e-mail; the worker's tick sends the daily digests. The company's
 * time zone is the company settings' (a later module: looked up when needed).
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  async register({ app, config, database, services, worker }) {
    const hub = () => {
      try {
        return services.get('hub');
      } catch {
        return undefined;
      }
    };
    const timeZone = (companyId: number) => services.get('companySettings').timeZone(companyId);
    const preferencesRepo = new NotificationPreferencesRepository(database.db);
    const preferences = new NotificationPreferencesService(
      preferencesRepo,
      timeZone,
      services.get('audit'),
    );
    const mails = new NotificationEmailsService(
      preferencesRepo,
      preferences,
      timeZone,
      config.publicUrl ?? `http://localhost:${config.port}`,
      app.log,
    );
    const service = new NotificationsService(
      new NotificationsRepository(database.db),
      hub,
      { preferences, mails },
      app.log,
    );
    services.provide('notifications', service);
    worker.every(NOTIFICATION_DIGEST_TASK, DIGEST_TICK_MS, (now) => mails.tick(now));
    await app.register(notificationsRoutes(service), { prefix: '/api' });
    await app.register(notificationPreferencesRoutes(preferences), { prefix: '/api' });
  },
});
