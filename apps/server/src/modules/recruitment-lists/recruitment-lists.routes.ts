import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import type { RecruitmentListsService } from './recruitment-lists.service.ts';

/** Spec 7 "Recruitment lists", the sheet's paged fetch and the users to share with: `project.list`. */
export function recruitmentListsRoutes(service: RecruitmentListsService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'project.list' } as const;
    const params = ZRecruitmentListIdParams;

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
          response: { 200: ZRecruitmentList },
        },
      },
      async (request) =>
        request.body.selection
          ? service.addSelection(requireAccess(request), request.params.id, request.body.selection)
          : service.addApplicants(
              requireAccess(request),
              request.params.id,
              request.body.applicant_ids,
            ),
    );
    app.delete(
      '/recruitment-lists/:id/applicants',
      {
        config,
        schema: {
          params,
          body: ZRecruitmentListApplicantsPayload,
          response: { 200: ZRecruitmentList },
        },
      },
      async (request) =>
        request.body.selection
          ? service.removeSelection(
              requireAccess(request),
              request.params.id,
              request.body.selection,
            )
          : service.removeApplicants(
              requireAccess(request),
              request.params.id,
              request.body.applicant_ids,
            ),
    );
    // Last: route walks that call the routes in their order still find the list before.
    app.delete('/recruitment-lists/:id', { config, schema: { params } }, async (request, reply) => {
      await service.delete(requireAccess(request), request.params.id);
      return reply.status(204).send();
    });
  };
}
