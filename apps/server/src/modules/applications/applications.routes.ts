import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { knownLanguage, LANGUAGES, type Language } from '@embauche/contracts/constants';
import {
  ZApplicant,
  ZApplicantDetail,
  ZApplicantDocument,
  ZSourceRequest,
} from '@embauche/contracts/applicants';
import {
  ZApplicationCounts,
  ZApplicationDetail,
  ZApplicationItem,
  ZApplicationList,
  ZApplicationOverview,
  ZApplicationPage,
  type TApplicationPage,
  ZApplicationTest,
  ZBulkStatusRequest,
  ZBulkStatusResult,
  ZDuplicateRequest,
  ZDuplicateResult,
  ZManualResult,
  ZMotif,
  ZMotivation,
  ZOfferStatuses,
  ZOfferStatusesQuery,
  ZStatus,
  ZStatusChangeRequest,
  ZSummary,
  ZTreatmentOfferList,
} from '@embauche/contracts/applications';
import { ZBulkOperation, ZSelectionStatusRequest } from '@embauche/contracts/application-selection';
import { ZId, ZIdParam } from '@embauche/contracts/ids';
import type { Access } from '@embauche/contracts/permissions';
import { ZProjectRef } from '@embauche/contracts/projects';
import { requireAccess } from '../../platform/auth/access.ts';
import { filterList } from '../../platform/http/list-query.ts';
import type { ApplicationCopiesService } from './application-copies.service.ts';
import type { CopySelectionService } from './copy-selection.service.ts';
import type { ApplicationStatusService } from './application-status.service.ts';
import type { ApplicationSummariesService } from './application-summaries.service.ts';
import type { BulkStatusService } from './bulk-status.service.ts';
import type { ApplicationsService } from './applications.service.ts';
import type { ManualApplicationsService } from './manual-applications.service.ts';
import type { TreatmentService } from './treatment.service.ts';
import { readManualPayload, type UploadLimits } from './manual-payload.ts';
import { compiledSerializer } from '../../platform/serialization/compiled-serializer.ts';
import { jsonArrayStream } from '../../platform/serialization/json-array-stream.ts';

const id = ZIdParam;
const offerParams = z.object({ project_id: ZProjectRef, offer_id: id });
const idParams = z.object({ id });
const summaryQuery = z.object({
  regenerate: z.enum(['0', '1', 'true', 'false']).optional(),
  lang: z.enum(LANGUAGES).optional(),
});

/** `?lang=`, else the first two letters of Accept-Language when we speak it, else French. */
function language(request: FastifyRequest, lang: Language | undefined): Language {
  if (lang) return lang;
  const header = request.headers['accept-language']?.slice(0, 2).toLowerCase();
  return knownLanguage(header);
}

/** The module's services the routes call (applications.plugin.ts). */
export type ApplicationsRouteServices = {
  applications: ApplicationsService;
  statusChanges: ApplicationStatusService;
  treatment: TreatmentService;
  manual: ManualApplicationsService;
  copies: ApplicationCopiesService;
  summaries: ApplicationSummariesService;
  bulkStatus: BulkStatusService;
  copySelection: CopySelectionService;
};

/**
 * Spec section 7 "Applications and dashboard" and "Treatment" (not transfer, not shared), the
 * offer's duplicate call, the applicant calls that read applications (detail, full profile,
 * overview, source), manual creation and the summaries; plus GET /statuses and GET /motifs.
 */
export function applicationsRoutes(services: ApplicationsRouteServices, limits: UploadLimits) {
  const {
    applications: service,
    statusChanges,
    treatment,
    manual,
    copies,
    summaries,
    bulkStatus,
    copySelection,
  } = services;
  return async (instance: FastifyInstance) => {
    // Lists answer many rows: their JSON is written by a serializer compiled from the schema.
    instance.setSerializerCompiler(compiledSerializer);
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const see = { access: 'project_application.see' as const };
    const change = { access: 'project_application.change_status' as const };
    const query = (request: FastifyRequest) => request.query as Record<string, unknown>;

    app.get(
      '/statuses',
      { config: { access: '*' }, schema: { response: { 200: z.array(ZStatus) } } },
      async (request) => service.statuses(requireAccess(request)),
    );
    app.get(
      '/motifs',
      { config: { access: '*' }, schema: { response: { 200: z.array(ZMotif) } } },
      async (request) => service.motifs(requireAccess(request)),
    );
    app.get(
      '/assessment-tests',
      {
        config: { access: '*' },
        schema: { response: { 200: z.array(z.object({ id: z.number(), name: z.string() })) } },
      },
      async (request) => service.tests(requireAccess(request)),
    );
    // The status pickers: the offers' workflows, and the default one of spontaneous applications.
    app.get(
      '/offer-statuses',
      {
        config: see,
        schema: { querystring: ZOfferStatusesQuery, response: { 200: z.array(ZOfferStatuses) } },
      },
      async (request) => service.offerStatuses(requireAccess(request), request.query.offer_ids),
    );
    app.get(
      '/treatment/spontaneous/statuses',
      {
        config: { access: 'project_application.see_spontaneous' },
        schema: { response: { 200: z.array(ZStatus) } },
      },
      async (request) => service.spontaneousStatuses(requireAccess(request)),
    );

    app.get(
      '/projects/:project_id/offers/:offer_id/applications',
      { config: see, schema: { params: offerParams, response: { 200: ZApplicationList } } },
      async (request, reply) => {
        const list = await service.offerList(
          requireAccess(request),
          request.params.project_id,
          request.params.offer_id,
          query(request),
        );
        // Unpaged: every row, written as the batches come (docs/lists.md).
        if (Symbol.asyncIterator in list)
          return reply
            .type('application/json')
            .send(jsonArrayStream(ZApplicationItem, list) as unknown as TApplicationPage);
        return list;
      },
    );
    app.get(
      '/projects/:project_id/offers/:offer_id/applications/counts',
      { config: see, schema: { params: offerParams, response: { 200: ZApplicationCounts } } },
      async (request) =>
        service.offerCounts(
          requireAccess(request),
          request.params.project_id,
          request.params.offer_id,
          query(request),
        ),
    );
    app.put(
      '/projects/:project_id/offers/:offer_id/applications/statuses',
      {
        config: change,
        schema: {
          params: offerParams,
          body: ZStatusChangeRequest,
          response: { 200: ZApplicationItem },
        },
      },
      async (request) =>
        statusChanges.changeStatus(
          requireAccess(request),
          request.params.project_id,
          request.params.offer_id,
          request.body,
        ),
    );
    const duplicate = { access: 'project_application.duplicate' as const };
    // Ids: `{ created, skipped }`; "all that match" (issue 42 part 2): its operation, 200 or 202.
    app.put(
      '/projects/:project_id/offers/:offer_id/applications/duplicate',
      {
        config: duplicate,
        schema: {
          params: offerParams,
          body: ZDuplicateRequest,
          response: { 200: z.union([ZDuplicateResult, ZBulkOperation]), 202: ZBulkOperation },
        },
      },
      async (request, reply) => {
        const auth = requireAccess(request);
        const { project_id, offer_id } = request.params;
        const { selection, ...input } = request.body;
        if (!selection) return copies.duplicate(auth, project_id, offer_id, input);
        const done = await copySelection.start(auth, project_id, offer_id, {
          job_offer_id: input.job_offer_id,
          keep_statuses: input.keep_statuses,
          selection,
        });
        return reply.status(done.code).send(done.operation);
      },
    );
    app.get(
      '/applications/duplicate-operations/:id',
      { config: duplicate, schema: { params: idParams, response: { 200: ZBulkOperation } } },
      async (request) => copySelection.get(requireAccess(request), request.params.id),
    );
    app.post(
      '/projects/:project_id/offers/:offer_id/manual',
      {
        config: { access: 'project_application.add_manual' },
        schema: { params: offerParams, response: { 201: ZManualResult } },
      },
      async (request, reply) => {
        const auth = requireAccess(request);
        const { input, cv } = await readManualPayload(request, limits);
        const result = await manual.manual(auth, input, cv, {
          ref: request.params.project_id,
          offerId: request.params.offer_id,
        });
        return reply.status(201).send(result);
      },
    );
    app.post(
      '/applicants/manual',
      {
        config: { access: 'project_application.add_manual' },
        schema: { response: { 201: ZManualResult } },
      },
      async (request, reply) => {
        const auth = requireAccess(request);
        const { input, cv } = await readManualPayload(request, limits);
        return reply.status(201).send(await manual.manual(auth, input, cv));
      },
    );
    app.put(
      '/applicants/manual/:id',
      {
        config: { access: 'project_application.edit' },
        schema: { params: idParams, response: { 200: ZManualResult } },
      },
      async (request) => {
        const auth = requireAccess(request);
        const { input, cv } = await readManualPayload(request, limits);
        return manual.updateManual(auth, request.params.id, input, cv);
      },
    );
    app.put(
      '/applicants/source',
      {
        config: { access: 'project_application.edit' },
        schema: { body: ZSourceRequest, response: { 200: ZApplicant } },
      },
      async (request) => service.setSource(requireAccess(request), request.body),
    );

    app.get(
      '/applications/:id',
      { config: see, schema: { params: idParams, response: { 200: ZApplicationDetail } } },
      async (request) => service.get(requireAccess(request), request.params.id),
    );
    app.get(
      '/applications/:id/motivation',
      { config: see, schema: { params: idParams, response: { 200: ZMotivation } } },
      async (request) => service.motivation(requireAccess(request), request.params.id),
    );
    app.get(
      '/applications/:id/documents',
      { config: see, schema: { params: idParams, response: { 200: z.array(ZApplicantDocument) } } },
      async (request) => service.documents(requireAccess(request), request.params.id),
    );
    app.get(
      '/applications/:id/tests/list',
      { config: see, schema: { params: idParams, response: { 200: z.array(ZApplicationTest) } } },
      async (request) => service.testsOf(requireAccess(request), request.params.id),
    );
    for (const type of ['application', 'applicant'] as const) {
      app.get(
        `/${type}s/:id/summary`,
        {
          config: see,
          schema: { params: idParams, querystring: summaryQuery, response: { 200: ZSummary } },
        },
        async (request) => {
          const regenerate =
            request.query.regenerate === '1' || request.query.regenerate === 'true';
          return summaries.summary(
            requireAccess(request),
            type,
            request.params.id,
            regenerate,
            language(request, request.query.lang),
          );
        },
      );
    }

    for (const path of ['detail', 'full-profile']) {
      app.get(
        `/applicants/:id/${path}`,
        { config: see, schema: { params: idParams, response: { 200: ZApplicantDetail } } },
        async (request) => service.applicantDetail(requireAccess(request), request.params.id),
      );
    }
    app.get(
      '/applicants/:id/applications-overview',
      {
        config: see,
        schema: {
          params: idParams,
          querystring: z.object({
            exclude: z.string().optional(),
            'exclude[]': z.unknown().optional(),
          }),
          response: { 200: z.array(ZApplicationOverview) },
        },
      },
      async (request) => {
        const raw = request.query.exclude ?? request.query['exclude[]'];
        const exclude = (
          Array.isArray(raw)
            ? raw.map(String)
            : filterList(typeof raw === 'string' ? raw : undefined)
        )
          .map(Number)
          .filter((n) => ZId.safeParse(n).success);
        return service.overview(requireAccess(request), request.params.id, exclude);
      },
    );

    for (const spontaneous of [false, true]) {
      const base = spontaneous ? '/treatment/spontaneous' : '/treatment/applications';
      app.get(
        base,
        {
          config: {
            access: (spontaneous
              ? 'project_application.see_spontaneous'
              : 'project_application.see') as Access,
          },
          schema: { response: { 200: ZApplicationPage } },
        },
        async (request) => treatment.treatment(requireAccess(request), query(request), spontaneous),
      );
      // A list of changes (each with its status), or a selection (ids, or "all that match" a
      // list's filters: issue 42 part 2) moved to one status: 200 when done, 202 when a job runs.
      app.put(
        `${base}/statuses`,
        {
          config: change,
          schema: {
            body: z.union([ZBulkStatusRequest, ZSelectionStatusRequest]),
            response: { 200: z.union([ZBulkStatusResult, ZBulkOperation]), 202: ZBulkOperation },
          },
        },
        async (request, reply) => {
          const body = request.body;
          if (!Array.isArray(body) && 'selection' in body) {
            const done = await bulkStatus.change(requireAccess(request), body, spontaneous);
            return reply.status(done.code).send(done.operation);
          }
          const list = Array.isArray(body) ? body : body.applications;
          return statusChanges.changeStatuses(requireAccess(request), list, { spontaneous });
        },
      );
    }
    app.get(
      '/applications/bulk-operations/:id',
      { config: change, schema: { params: idParams, response: { 200: ZBulkOperation } } },
      async (request) => bulkStatus.get(requireAccess(request), request.params.id),
    );
    app.get(
      '/treatment/applications/offers',
      { config: see, schema: { response: { 200: ZTreatmentOfferList } } },
      async (request) => treatment.treatmentOffers(requireAccess(request), query(request)),
    );
  };
}
