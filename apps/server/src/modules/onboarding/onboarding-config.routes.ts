import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '@embauche/contracts/ids';
import {
  ZOnboardingProcess,
  ZOnboardingProcessInput,
  ZOnboardingStatus,
  ZOnboardingStatusCreate,
  ZOnboardingStatusUpdate,
} from '@embauche/contracts/onboarding';
import { requireAccess } from '../../platform/auth/access.ts';
import type { OnboardingConfigService } from './onboarding-config.service.ts';

/** Onboarding's configuration routes (contracts/onboarding.ts): processes and statuses. */
export function onboardingConfigRoutes(config: OnboardingConfigService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const params = z.object({ id: ZIdParam });
    const configure = { access: 'config.onboarding' } as const;
    const anyone = { access: '*' } as const;

    // Any signed-in user: all with config.onboarding, the active ones with onboarding.access.
    app.get(
      '/onboarding/processes',
      { config: anyone, schema: { response: { 200: z.array(ZOnboardingProcess) } } },
      async (request) => config.processesFor(requireAccess(request)),
    );
    app.post(
      '/onboarding/processes',
      {
        config: configure,
        schema: { body: ZOnboardingProcessInput, response: { 201: ZOnboardingProcess } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await config.createProcess(
              requireAccess(request, 'config.onboarding').companyId,
              request.body,
            ),
          ),
    );
    app.get(
      '/onboarding/processes/:id',
      { config: configure, schema: { params, response: { 200: ZOnboardingProcess } } },
      async (request) =>
        config.process(requireAccess(request, 'config.onboarding').companyId, request.params.id),
    );
    app.put(
      '/onboarding/processes/:id',
      {
        config: configure,
        schema: { params, body: ZOnboardingProcessInput, response: { 200: ZOnboardingProcess } },
      },
      async (request) =>
        config.updateProcess(
          requireAccess(request, 'config.onboarding').companyId,
          request.params.id,
          request.body,
        ),
    );
    app.delete(
      '/onboarding/processes/:id',
      { config: configure, schema: { params } },
      async (request, reply) => {
        await config.deleteProcess(
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
      async (request) => config.statuses(requireAccess(request).companyId),
    );
    app.post(
      '/onboarding/statuses',
      {
        config: configure,
        schema: { body: ZOnboardingStatusCreate, response: { 201: ZOnboardingStatus } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await config.createStatus(
              requireAccess(request, 'config.onboarding').companyId,
              request.body.name,
            ),
          ),
    );
    app.put(
      '/onboarding/statuses/:id',
      {
        config: configure,
        schema: { params, body: ZOnboardingStatusUpdate, response: { 200: ZOnboardingStatus } },
      },
      async (request) =>
        config.updateStatus(
          requireAccess(request, 'config.onboarding').companyId,
          request.params.id,
          request.body,
        ),
    );
    app.delete(
      '/onboarding/statuses/:id',
      { config: configure, schema: { params } },
      async (request, reply) => {
        await config.deleteStatus(
          requireAccess(request, 'config.onboarding').companyId,
          request.params.id,
        );
        return reply.status(204).send();
      },
    );
  };
}
