import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApplicant,
  ZApplicantDocument,
  ZApplicantSearchPage,
  ZAskDocumentItem,
  ZAskDocumentsRequest,
  ZDocumentUploadInfo,
  ZCvBundleOperation,
  ZOfferCvRequest,
  ZTagsRequest,
  ZVisio,
} from '@embauche/contracts/applicants';
import { ZMotivation } from '@embauche/contracts/applications';
import { ZId, ZIdParam } from '@embauche/contracts/ids';
import { ZPageQuery } from '@embauche/contracts/paging';
import { requireAccess } from '../../platform/auth/access.ts';
import { contentDisposition } from '../../platform/http/content-disposition.ts';
import { validationFailed } from '../../platform/http/http-error.ts';
import { readMultipart } from '../../platform/http/parse-body.ts';
import type { PublicTokenGuard } from '../../platform/http/public-token-guard.ts';
import type { ApplicantsService } from './applicants.service.ts';
import type { CvBundleJobs } from './cv-bundle-jobs.ts';
import type { DocumentRequestsService } from './document-requests.service.ts';
import { compiledSerializer } from '../../platform/serialization/compiled-serializer.ts';

const id = ZIdParam;
const idParams = z.object({ id });

function sendFile(
  reply: FastifyReply,
  file: { data: Buffer | Readable; size?: number; mime: string; filename: string },
  type: 'inline' | 'attachment',
) {
  // A stream from the storage: its size is known, so the browser shows progress.
  if (file.size !== undefined) void reply.header('content-length', file.size);
  return reply
    .header('content-type', file.mime)
    .header('content-disposition', contentDisposition(type, file.filename))
    .header('cache-control', 'private, max-age=300')
    .header('x-content-type-options', 'nosniff')
    .send(file.data);
}

/** Spec section 7 "Applicants" (not transfer, not shared) and the public document upload page. */
export function applicantsRoutes(
  service: ApplicantsService,
  bundles: CvBundleJobs,
  documentRequests: DocumentRequestsService,
  limits: { maxBytes: number; maxMb: number },
  tokens: PublicTokenGuard,
) {
  return async (instance: FastifyInstance) => {
    // Lists answer many rows: their JSON is written by a serializer compiled from the schema.
    instance.setSerializerCompiler(compiledSerializer);
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const see = { access: 'project_application.see' as const };

    app.get(
      '/applicants',
      {
        config: see,
        schema: {
          querystring: ZPageQuery.extend({ search: z.string().max(200).optional() }),
          response: { 200: ZApplicantSearchPage },
        },
      },
      async (request) =>
        service.search(
          requireAccess(request),
          request.query.search,
          request.query.page,
          request.query.per_page,
        ),
    );
    app.get(
      '/applicants/tags',
      {
        config: see,
        schema: {
          querystring: z.object({ search: z.string().max(50, 'max_length:50').optional() }),
          response: { 200: z.array(z.string()) },
        },
      },
      async (request) => service.tagNames(requireAccess(request), request.query.search),
    );
    app.get(
      '/applicants/:id',
      { config: see, schema: { params: idParams, response: { 200: ZApplicant } } },
      async (request) => service.get(requireAccess(request), request.params.id),
    );
    app.get(
      '/applicants/:id/cv',
      { config: see, schema: { params: idParams } },
      async (request, reply) =>
        sendFile(reply, await service.cv(requireAccess(request), request.params.id), 'inline'),
    );
    app.get(
      '/applicants/:id/visio',
      { config: see, schema: { params: idParams, response: { 200: ZVisio } } },
      async (request) => service.visio(requireAccess(request), request.params.id),
    );
    app.get(
      '/applicants/:id/motivation',
      { config: see, schema: { params: idParams, response: { 200: ZMotivation } } },
      async (request) => service.motivation(requireAccess(request), request.params.id),
    );
    app.get(
      '/applicants/:id/documents',
      { config: see, schema: { params: idParams, response: { 200: z.array(ZApplicantDocument) } } },
      async (request) => service.documents(requireAccess(request), request.params.id),
    );
    app.get(
      '/applicants/:id/documents/:document_id',
      { config: see, schema: { params: z.object({ id, document_id: id }) } },
      async (request, reply) =>
        sendFile(
          reply,
          await service.documentFile(
            requireAccess(request),
            request.params.id,
            request.params.document_id,
          ),
          'inline',
        ),
    );
    app.put(
      '/applicants/:id/tags',
      {
        config: { access: 'project_application.edit' },
        schema: { params: idParams, body: ZTagsRequest, response: { 200: ZApplicant } },
      },
      async (request) =>
        service.setTags(requireAccess(request), request.params.id, request.body.tags),
    );
    app.get(
      '/applicants/:id/ask-documents',
      { config: see, schema: { params: idParams, response: { 200: z.array(ZAskDocumentItem) } } },
      async (request) =>
        documentRequests.askDocumentsList(requireAccess(request), request.params.id),
    );
    app.post(
      '/applicants/:id/ask-documents',
      {
        config: { access: 'project_application.ask_documents' },
        schema: {
          params: idParams,
          body: ZAskDocumentsRequest,
          response: { 200: z.array(ZAskDocumentItem) },
        },
      },
      async (request) => {
        if (request.body.applicant_id !== request.params.id)
          throw validationFailed({ applicant_id: ['invalid'] });
        return documentRequests.askDocuments(
          requireAccess(request),
          request.params.id,
          request.body.document_ids,
        );
      },
    );
    app.post(
      '/applicants/offer_cv',
      { config: see, schema: { body: ZOfferCvRequest } },
      async (request, reply) => {
        const { body } = request;
        const bundle = await service.cvBundle(requireAccess(request), body, body.type);
        // A ZIP over CV_BUNDLE_MAX: the job is queued, its file downloaded once ready (below).
        if ('queued' in bundle) return reply.code(202).send(bundle.queued);
        return sendFile(
          reply.header('x-skipped-applicants', bundle.skipped.join(',')),
          bundle,
          'attachment',
        );
      },
    );
    app.get(
      '/applicants/bulk-operations/:id',
      { config: see, schema: { params: idParams, response: { 200: ZCvBundleOperation } } },
      async (request) => bundles.view(requireAccess(request), request.params.id),
    );
    app.get(
      '/applicants/bulk-operations/:id/file',
      { config: see, schema: { params: idParams } },
      async (request, reply) =>
        sendFile(
          reply,
          await bundles.download(requireAccess(request), request.params.id),
          'attachment',
        ),
    );

    // The applicant's upload page: no session, the token is the key (stored hashed, with an expiry).
    // Unknown or expired tokens count per address (PublicTokenGuard): guessing gets 429.
    const token = z.object({ token: z.string().min(20).max(100) });
    const upload = { access: 'public' as const };
    const openRequest = (ip: string, value: string) =>
      tokens.open(ip, () => documentRequests.openRequest(value), 'Request');
    app.get(
      '/documents-upload/:token',
      { config: upload, schema: { params: token, response: { 200: ZDocumentUploadInfo } } },
      async (request, reply) => {
        void reply.header('referrer-policy', 'no-referrer');
        return documentRequests.uploadInfo(await openRequest(request.ip, request.params.token));
      },
    );
    app.post(
      '/documents-upload/:token',
      { config: upload, schema: { params: token, response: { 200: ZDocumentUploadInfo } } },
      async (request, reply) => {
        void reply.header('referrer-policy', 'no-referrer');
        // The token (and the address's limit) first: a bad token never gets its body read.
        const open = await openRequest(request.ip, request.params.token);
        if (!request.isMultipart()) throw validationFailed({ file: ['field_required'] });
        const { fields, files } = await readMultipart(request, limits.maxBytes, limits.maxMb);
        const typed = files.flatMap((f) => {
          const m = /^document_(\d+)$/.exec(f.field);
          const typeId = m
            ? Number(m[1])
            : f.field === 'file'
              ? Number(fields.document_type_id)
              : NaN;
          if (!ZId.safeParse(typeId).success) return [];
          return [{ typeId, file: { filename: f.filename, data: f.data } }];
        });
        return documentRequests.upload(open, typed);
      },
    );
  };
}
