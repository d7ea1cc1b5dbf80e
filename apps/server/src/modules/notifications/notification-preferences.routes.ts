import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZMyNotificationPreferences,
  ZMyNotificationPreferencesForm,
  ZNotificationDefaults,
  ZNotificationSettings,
} from '@embauche/contracts/notification-preferences';
import { requireAccess } from '../../platform/auth/access.ts';
import type { NotificationPreferencesService } from './notification-preferences.service.ts';

/**
 * Notification preferences (issue 38 part 4; contracts/notification-preferences.ts): the company's
 * defaults on config page `notifications` (`config.notifications`), and each signed-in user's own
 * choices (`*`, their own only), both in the session's company.
 */
export function notificationPreferencesRoutes(service: NotificationPreferencesService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const company = { access: 'config.notifications' } as const;
    const mine = { access: '*' } as const;
    app.get(
      '/config/notifications',
      { config: company, schema: { response: { 200: ZNotificationSettings } } },
      async (request) => service.companySettings(requireAccess(request)),
    );
    app.put(
      '/config/notifications',
      {
        config: company,
        schema: { body: ZNotificationDefaults, response: { 200: ZNotificationSettings } },
      },
      async (request) => service.saveCompanySettings(requireAccess(request), request.body),
    );
    app.get(
      '/me/notification-preferences',
      { config: mine, schema: { response: { 200: ZMyNotificationPreferences } } },
      async (request) => service.mine(requireAccess(request)),
    );
    app.put(
      '/me/notification-preferences',
      {
        config: mine,
        schema: {
          body: ZMyNotificationPreferencesForm,
          response: { 200: ZMyNotificationPreferences },
        },
      },
      async (request) => service.saveMine(requireAccess(request), request.body),
    );
  };
}
