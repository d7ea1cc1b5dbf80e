import { defineModule } from '../../platform/modules/app-module.ts';
import { NotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { NotificationsService } from './notifications.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    /** Notifies users (rows, then published live once written): mentions, documents, applications… */
    notifications: NotificationsService;
  }
}

/**
 * Notifications (issue 13 parts 1): the users' calls of spec 7, and the service the producing
 * modules (activity feed, applicants, applications, shares) call, looked up when an event happens.
 * Comes after the hub, through which each notification is published on `v2/user/{id}`.
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  async register({ app, database, services }) {
    const hub = () => {
      try {
        return services.get('hub');
      } catch {
        return undefined;
      }
    };
    const service = new NotificationsService(
      new NotificationsRepository(database.db),
      hub,
      app.log,
    );
    services.provide('notifications', service);
    await app.register(notificationsRoutes(service), { prefix: '/api' });
  },
});
