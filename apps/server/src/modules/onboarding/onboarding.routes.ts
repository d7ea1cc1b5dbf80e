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
  ZOnboardingProcess,
  ZOnboardingProcessInput,
  ZOnboardingStatus,
  ZOnboardingStatusCreate,
  ZOnboardingStatusUpdate,
  ZOnboardingTask,
  ZOnboardingTaskComment,
  ZOnboardingTaskUpdate,
  ZOnboardingUpdate,
  ZOnboardingUsers,
  ZOnboardingUsersQuery,
} from '@embauche/contracts/onboarding';
import { requireAccess } from '../../platform/auth/access.ts';
import type { OnboardingService } from './onboarding.service.ts';

/** Onboarding's routes (contracts/onboarding.ts): configuration, records, tasks, my tasks. */
export function onboardingRoutes(service: OnboardingService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const params = z.object({ id: ZIdParam });
    const config = { access: 'config.onboarding' } as const;
    const records = { access: 'onboarding.access' } as const;
    const anyone = { access: '*' } as const;

    // ---- configuration
    // Any signed-in user: all with config.onboarding, the active ones with onboarding.access.
    app.get(
      '/onboarding/processes',
      { config: anyone, schema: { response: { 200: z.array(ZOnboardingProcess) } } },
      async (request) => service.processesFor(requireAccess(request)),
    );
    app.get(
      '/onboarding/users',
      {
        config: anyone,
        schema: { querystring: ZOnboardingUsersQuery, response: { 200: ZOnboardingUsers } },
      },
      async (request) => service.users(requireAccess(request), request.query.search),
    );
    app.post(
      '/onboarding/processes',
      { config, schema: { body: ZOnboardingProcessInput, response: { 201: ZOnboardingProcess } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await service.createProcess(
              requireAccess(request, 'config.onboarding').companyId,
              request.body,
            ),
          ),
    );
    app.get(
      '/onboarding/processes/:id',
      { config, schema: { params, response: { 200: ZOnboardingProcess } } },
      async (request) =>
        service.process(requireAccess(request, 'config.onboarding').companyId, request.params.id),
    );
    app.put(
      '/onboarding/processes/:id',
      {
        config,
        schema: { params, body: ZOnboardingProcessInput, response: { 200: ZOnboardingProcess } },
      },
      async (request) =>
        service.updateProcess(
          requireAccess(request, 'config.onboarding').companyId,
          request.params.id,
          request.body,
        ),
    );
    app.delete(
      '/onboarding/processes/:id',
      { config, schema: { params } },
      async (request, reply) => {
        await service.deleteProcess(
          requireAccess(request, 'config.onboarding').companyId,
          request.params.id,
        );
        return reply.status(204).send();
      },
    );

    // The statuses: configured with config.onboarding; their names read by any signed-in user
    // (the board, the filters, a task owner's limited view of a new hire).
    app.get(
      '/onboarding/statuses',
      { config: anyone, schema: { response: { 200: z.array(ZOnboardingStatus) } } },
      async (request) => service.statuses(requireAccess(request).companyId),
    );
    app.post(
      '/onboarding/statuses',
      { config, schema: { body: ZOnboardingStatusCreate, response: { 201: ZOnboardingStatus } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await service.createStatus(
              requireAccess(request, 'config.onboarding').companyId,
              request.body.name,
            ),
          ),
    );
    app.put(
      '/onboarding/statuses/:id',
      {
        config,
        schema: { params, body: ZOnboardingStatusUpdate, response: { 200: ZOnboardingStatus } },
      },
      async (request) =>
        service.updateStatus(
          requireAccess(request, 'config.onboarding').companyId,
          request.params.id,
          request.body,
        ),
    );
    app.delete(
      '/onboarding/statuses/:id',
      { config, schema: { params } },
      async (request, reply) => {
        await service.deleteStatus(
          requireAccess(request, 'config.onboarding').companyId,
          request.params.id,
        );
        return reply.status(204).send();
      },
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
