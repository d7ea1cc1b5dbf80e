import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZBulkOperation } from '@embauche/contracts/application-selection';
import {
  ZRecruitmentList,
  ZRecruitmentListApplicantPage,
  ZRecruitmentListApplicantsPayload,
  ZRecruitmentListForm,
  ZRecruitmentListIdParams,
  ZRecruitmentListPage,
  ZRecruitmentListQuery,
  ZRecruitmentListSearchQuery,
  ZRecruitmentListUpdate,
  ZRecruitmentListUserPage,
} from '@embauche/contracts/recruitment-lists';
import { requireAccess } from '../../platform/auth/access.ts';
import type { ListSelectionService } from './list-selection.service.ts';
import type { RecruitmentListsService } from './recruitment-lists.service.ts';

/**
 * Spec 7 "Recruitment lists", the sheet's paged fetch and the users to share with: `project.list`.
 * Adding or removing `{selection}` (issue 42 part 2) answers its operation: 200 done during the
 * request, 202 queued for the job, read back with `GET /recruitment-lists/bulk-operations/{id}`.
 */
export function recruitmentListsRoutes(
  service: RecruitmentListsService,
  selections: ListSelectionService,
) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'project.list' } as const;
    const params = ZRecruitmentListIdParams;
    // The list for ids; the operation for a selection (200 done, 202 queued).
    const applicantsResponse = {
      200: z.union([ZRecruitmentList, ZBulkOperation]),
      202: ZBulkOperation,
    };

    app.get(
      '/recruitment-lists',
      {
        config,
        schema: { querystring: ZRecruitmentListQuery, response: { 200: ZRecruitmentListPage } },
      },
      async (request) => service.page(requireAccess(request), request.query),
    );
    app.get(
      '/recruitment-lists/users',
      {
        config,
        schema: {
          querystring: ZRecruitmentListSearchQuery,
          response: { 200: ZRecruitmentListUserPage },
        },
      },
      async (request) => service.users(requireAccess(request), request.query),
    );
    app.get(
      '/recruitment-lists/bulk-operations/:id',
      { config, schema: { params, response: { 200: ZBulkOperation } } },
      async (request) => selections.get(requireAccess(request), request.params.id),
    );
    app.get(
      '/recruitment-lists/:id',
      { config, schema: { params, response: { 200: ZRecruitmentList } } },
      async (request) => service.get(requireAccess(request), request.params.id),
    );
    app.get(
      '/recruitment-lists/:id/applicants',
      {
        config,
        schema: {
          params,
          querystring: ZRecruitmentListSearchQuery,
          response: { 200: ZRecruitmentListApplicantPage },
        },
      },
      async (request) =>
        service.applicants(requireAccess(request), request.params.id, request.query),
    );
    app.post(
      '/recruitment-lists',
      { config, schema: { body: ZRecruitmentListForm, response: { 201: ZRecruitmentList } } },
      async (request, reply) =>
        reply.status(201).send(await service.create(requireAccess(request), request.body)),
    );
    app.put(
      '/recruitment-lists',
      { config, schema: { body: ZRecruitmentListUpdate, response: { 200: ZRecruitmentList } } },
      async (request) => service.update(requireAccess(request), request.body),
    );
    app.post(
      '/recruitment-lists/:id/applicants',
      {
        config,
        schema: {
          params,
          body: ZRecruitmentListApplicantsPayload,
          response: applicantsResponse,
        },
      },
      async (request, reply) => {
        const auth = requireAccess(request);
        const { id } = request.params;
        if (!request.body.selection)
          return service.addApplicants(auth, id, request.body.applicant_ids);
        const done = await selections.start(auth, id, 'add', request.body.selection);
        return reply.status(done.code).send(done.operation);
      },
    );
    app.delete(
      '/recruitment-lists/:id/applicants',
      {
        config,
        schema: {
          params,
          body: ZRecruitmentListApplicantsPayload,
          response: applicantsResponse,
        },
      },
      async (request, reply) => {
        const auth = requireAccess(request);
        const { id } = request.params;
        if (!request.body.selection)
          return service.removeApplicants(auth, id, request.body.applicant_ids);
        const done = await selections.start(auth, id, 'remove', request.body.selection);
        return reply.status(done.code).send(done.operation);
      },
    );
    // Last: route walks that call the routes in their order still find the list before.
    app.delete('/recruitment-lists/:id', { config, schema: { params } }, async (request, reply) => {
      await service.delete(requireAccess(request), request.params.id);
      return reply.status(204).send();
    });
  };
}
