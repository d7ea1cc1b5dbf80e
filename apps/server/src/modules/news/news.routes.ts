import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '@embauche/contracts/ids';
import {
  ZCurrentNews,
  ZNewsItem,
  ZNewsItemInput,
  ZNewsItemPage,
  ZNewsListQuery,
} from '@embauche/contracts/news';
import { requireAccess } from '../../platform/auth/access.ts';
import type { NewsService } from './news.service.ts';

/**
 * The news popup (contracts/news.ts): every signed-in user's current item and its dismissal, and
 * the config page `superadmin-section/news-popup` of the product's staff.
 */
export function newsRoutes(service: NewsService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const params = z.object({ id: ZIdParam });

    app.get(
      '/news/current',
      { config: { access: '*' }, schema: { response: { 200: ZCurrentNews.nullable() } } },
      async (request) => service.current(requireAccess(request)),
    );
    app.post(
      '/news/:id/dismiss',
      { config: { access: '*' }, schema: { params } },
      async (request, reply) => {
        await service.dismiss(requireAccess(request), request.params.id);
        return reply.status(204).send();
      },
    );

    // The product's staff (as the SSO domains' approval): never while acting as someone, whose
    // permissions never hold `user.super_admin`.
    const staff = { access: 'user.super_admin' } as const;
    app.get(
      '/superadmin/news',
      { config: staff, schema: { querystring: ZNewsListQuery, response: { 200: ZNewsItemPage } } },
      async (request) => {
        requireAccess(request, 'user.super_admin');
        return service.page(request.query.page, request.query.per_page);
      },
    );
    app.get(
      '/superadmin/news/countries',
      { config: staff, schema: { response: { 200: z.array(z.string()) } } },
      async (request) => {
        requireAccess(request, 'user.super_admin');
        return service.countries();
      },
    );
    app.get(
      '/superadmin/news/:id',
      { config: staff, schema: { params, response: { 200: ZNewsItem } } },
      async (request) => {
        requireAccess(request, 'user.super_admin');
        return service.get(request.params.id);
      },
    );
    app.post(
      '/superadmin/news',
      { config: staff, schema: { body: ZNewsItemInput, response: { 201: ZNewsItem } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.create(requireAccess(request, 'user.super_admin'), request.body)),
    );
    app.put(
      '/superadmin/news/:id',
      { config: staff, schema: { params, body: ZNewsItemInput, response: { 200: ZNewsItem } } },
      async (request) =>
        service.update(requireAccess(request, 'user.super_admin'), request.params.id, request.body),
    );
    // Last: a walk over the routes (tests) reads and dismisses the item before deleting it.
    app.delete(
      '/superadmin/news/:id',
      { config: staff, schema: { params } },
      async (request, reply) => {
        await service.remove(requireAccess(request, 'user.super_admin'), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
