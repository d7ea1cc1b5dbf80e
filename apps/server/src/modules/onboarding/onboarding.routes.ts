import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '@embauche/contracts/ids';
import {
  ZApplicationOnboarding,
  ZMyTaskPage,
  ZMyTasksQuery,
  ZOnboarding,
  ZOnboardingBulkCreate,
  ZOnboardingBulkResult,
  ZOnboardingCommentInput,
  ZOnboardingCounts,
  ZOnboardingCreate,
  ZOnboardingFilters,
  ZOnboardingListQuery,
  ZOnboardingPage,
  ZOnboardingTask,
  ZOnboardingTaskComment,
  ZOnboardingTaskUpdate,
  ZOnboardingUpdate,
  ZOnboardingUsers,
  ZOnboardingUsersQuery,
} from '@embauche/contracts/onboarding';
import { requireAccess } from '../../platform/auth/access.ts';
import type { OnboardingService } from './onboarding.service.ts';

/**
 * Onboarding's routes (contracts/onboarding.ts): records, tasks, my tasks, the user pickers (the
 * processes and statuses: onboarding-config.routes.ts).
 */
export function onboardingRoutes(service: OnboardingService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const params = z.object({ id: ZIdParam });
    const records = { access: 'onboarding.access' } as const;
    const anyone = { access: '*' } as const;

    // The user pickers (manager, owner, responsible).
    app.get(
      '/onboarding/users',
      {
        config: anyone,
        schema: { querystring: ZOnboardingUsersQuery, response: { 200: ZOnboardingUsers } },
      },
      async (request) => service.users(requireAccess(request), request.query.search),
    );

    // ---- my tasks (any signed-in user: their own tasks)
    app.get(
      '/onboarding/my-tasks',
      { config: anyone, schema: { querystring: ZMyTasksQuery, response: { 200: ZMyTaskPage } } },
      async (request) => service.myTasks(requireAccess(request), request.query),
    );

    // ---- records
    app.get(
      '/onboardings',
      {
        config: records,
        schema: { querystring: ZOnboardingListQuery, response: { 200: ZOnboardingPage } },
      },
      async (request) => service.list(requireAccess(request, 'onboarding.access'), request.query),
    );
    app.get(
      '/onboardings/counts',
      {
        config: records,
        schema: { querystring: ZOnboardingFilters, response: { 200: ZOnboardingCounts } },
      },
      async (request) => service.counts(requireAccess(request, 'onboarding.access'), request.query),
    );
    app.post(
      '/onboardings',
      { config: records, schema: { body: ZOnboardingCreate, response: { 201: ZOnboarding } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.create(requireAccess(request, 'onboarding.access'), request.body)),
    );
    app.post(
      '/onboardings/bulk',
      {
        config: records,
        schema: { body: ZOnboardingBulkCreate, response: { 200: ZOnboardingBulkResult } },
      },
      async (request) => service.bulk(requireAccess(request, 'onboarding.access'), request.body),
    );
    // Read by task owners too (limited view): the service decides.
    app.get(
      '/onboardings/:id',
      { config: anyone, schema: { params, response: { 200: ZOnboarding } } },
      async (request) => service.get(requireAccess(request), request.params.id),
    );
    app.put(
      '/onboardings/:id',
      {
        config: records,
        schema: { params, body: ZOnboardingUpdate, response: { 200: ZOnboarding } },
      },
      async (request) =>
        service.update(
          requireAccess(request, 'onboarding.access'),
          request.params.id,
          request.body,
        ),
    );
    app.post(
      '/onboardings/:id/cancel',
      { config: records, schema: { params, response: { 200: ZOnboarding } } },
      async (request) =>
        service.cancel(requireAccess(request, 'onboarding.access'), request.params.id),
    );
    app.get(
      '/applications/:id/onboarding',
      { config: records, schema: { params, response: { 200: ZApplicationOnboarding } } },
      async (request) =>
        service.ofApplication(requireAccess(request, 'onboarding.access'), request.params.id),
    );

    // ---- tasks (their owner, or onboarding.access on the onboarding: the service decides)
    app.put(
      '/onboarding-tasks/:id',
      {
        config: anyone,
        schema: { params, body: ZOnboardingTaskUpdate, response: { 200: ZOnboardingTask } },
      },
      async (request) =>
        service.updateTask(requireAccess(request), request.params.id, request.body),
    );
    app.post(
      '/onboarding-tasks/:id/comments',
      {
        config: anyone,
        schema: {
          params,
          body: ZOnboardingCommentInput,
          response: { 201: ZOnboardingTaskComment },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await service.comment(requireAccess(request), request.params.id, request.body.body),
          ),
    );
  };
}
