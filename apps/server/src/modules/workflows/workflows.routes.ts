import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '@embauche/contracts/ids';
import {
  ZMotifCreate,
  ZMotifSetting,
  ZMotifUpdate,
  ZStatusCreate,
  ZStatusSetting,
  ZStatusUpdate,
  ZWorkflow,
  ZWorkflowAssignment,
  ZWorkflowAssignmentPage,
  ZWorkflowAssignmentQuery,
  ZWorkflowForm,
} from '@embauche/contracts/workflows';
import { requireAccess } from '../../platform/auth/access.ts';
import type { StatusSettingsService } from './status-settings.service.ts';
import type { WorkflowsService } from './workflows.service.ts';

/** The config pages `status` (`config.status`) and `workflow` (`config.workflow`), spec 2. */
export function workflowsRoutes(service: WorkflowsService, statuses: StatusSettingsService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const status = { access: 'config.status' } as const;
    const workflow = { access: 'config.workflow' } as const;
    const params = z.object({ id: ZIdParam });

    app.get(
      '/config/statuses',
      { config: status, schema: { response: { 200: z.array(ZStatusSetting) } } },
      async (request) => statuses.statusSettings(requireAccess(request)),
    );
    app.post(
      '/config/statuses',
      { config: status, schema: { body: ZStatusCreate, response: { 201: ZStatusSetting } } },
      async (request, reply) =>
        reply.status(201).send(await statuses.createStatus(requireAccess(request), request.body)),
    );
    app.put(
      '/config/statuses/:id',
      {
        config: status,
        schema: { params, body: ZStatusUpdate, response: { 200: ZStatusSetting } },
      },
      async (request) =>
        statuses.updateStatus(requireAccess(request), request.params.id, request.body),
    );
    app.delete(
      '/config/statuses/:id',
      { config: status, schema: { params } },
      async (request, reply) => {
        await statuses.deleteStatus(requireAccess(request), request.params.id);
        return reply.status(204).send();
      },
    );
    app.post(
      '/config/motifs',
      { config: status, schema: { body: ZMotifCreate, response: { 201: ZMotifSetting } } },
      async (request, reply) =>
        reply.status(201).send(await statuses.createMotif(requireAccess(request), request.body)),
    );
    app.put(
      '/config/motifs/:id',
      { config: status, schema: { params, body: ZMotifUpdate, response: { 200: ZMotifSetting } } },
      async (request) =>
        statuses.updateMotif(requireAccess(request), request.params.id, request.body),
    );
    app.delete(
      '/config/motifs/:id',
      { config: status, schema: { params } },
      async (request, reply) => {
        await statuses.deleteMotif(requireAccess(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/config/workflows',
      { config: workflow, schema: { response: { 200: z.array(ZWorkflow) } } },
      async (request) => service.list(requireAccess(request)),
    );
    app.get(
      '/config/workflow-assignments',
      {
        config: workflow,
        schema: {
          querystring: ZWorkflowAssignmentQuery,
          response: { 200: ZWorkflowAssignmentPage },
        },
      },
      async (request) => service.assignments(requireAccess(request), request.query),
    );
    app.put(
      '/config/workflow-assignments',
      { config: workflow, schema: { body: ZWorkflowAssignment } },
      async (request, reply) => {
        await service.assign(requireAccess(request), request.body);
        return reply.status(204).send();
      },
    );
    app.get(
      '/config/workflows/:id',
      { config: workflow, schema: { params, response: { 200: ZWorkflow } } },
      async (request) => service.get(requireAccess(request), request.params.id),
    );
    app.post(
      '/config/workflows',
      { config: workflow, schema: { body: ZWorkflowForm, response: { 201: ZWorkflow } } },
      async (request, reply) =>
        reply.status(201).send(await service.create(requireAccess(request), request.body)),
    );
    app.put(
      '/config/workflows/:id',
      { config: workflow, schema: { params, body: ZWorkflowForm, response: { 200: ZWorkflow } } },
      async (request) => service.update(requireAccess(request), request.params.id, request.body),
    );
    app.delete(
      '/config/workflows/:id',
      { config: workflow, schema: { params } },
      async (request, reply) => {
        await service.remove(requireAccess(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
