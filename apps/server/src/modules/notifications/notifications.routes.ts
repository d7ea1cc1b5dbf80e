import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '@embauche/contracts/ids';
import {
  ZNotificationCount,
  ZNotificationPage,
  ZNotificationTarget,
} from '@embauche/contracts/notifications';
import { requireAccess } from '../../platform/auth/access.ts';
import type { NotificationsService } from './notifications.service.ts';

const params = { params: z.object({ id: ZIdParam }) };

/**
 * Spec 7 "Notifications": any signed-in user (`*`), on their own notifications only. The list
 * reads `page`, `per_page`, `filter[status]=unread|all` (default all) and `filter[before]={id}`
 * (only the older ones: a client reads on from the last one it shows), newest first.
 */
export function notificationsRoutes(service: NotificationsService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: '*' as const };

    app.get(
      '/notifications',
      {
        config,
        schema: { querystring: z.object({}).loose(), response: { 200: ZNotificationPage } },
      },
      async (request) =>
        service.list(requireAccess(request), request.query as Record<string, unknown>),
    );
    app.get(
      '/notifications/count',
      { config, schema: { response: { 200: ZNotificationCount } } },
      async (request) => service.count(requireAccess(request)),
    );
    app.get(
      '/notifications/:id/target',
      { config, schema: { ...params, response: { 200: ZNotificationTarget } } },
      async (request) => service.target(requireAccess(request), request.params.id),
    );
    app.post('/notifications/read/:id', { config, schema: params }, async (request, reply) => {
      await service.markRead(requireAccess(request), request.params.id, true);
      return reply.status(204).send();
    });
    app.post('/notifications/unread/:id', { config, schema: params }, async (request, reply) => {
      await service.markRead(requireAccess(request), request.params.id, false);
      return reply.status(204).send();
    });
    app.post('/notifications/read-all', { config }, async (request, reply) => {
      await service.readAll(requireAccess(request));
      return reply.status(204).send();
    });
    // Deletions last, the one before all: a walk over the routes (tests) still finds its row.
    app.delete('/notifications/:id', { config, schema: params }, async (request, reply) => {
      await service.delete(requireAccess(request), request.params.id);
      return reply.status(204).send();
    });
    app.delete('/notifications/delete-all', { config }, async (request, reply) => {
      await service.deleteAll(requireAccess(request));
      return reply.status(204).send();
    });
  };
}
