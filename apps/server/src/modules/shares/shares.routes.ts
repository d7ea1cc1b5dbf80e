import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '@embauche/contracts/ids';
import {
  ZApplicantTransferRequest,
  ZApplicationTransferRequest,
  ZShare,
  ZShareCreated,
  ZShareCreateRequest,
  ZTransferResult,
} from '@embauche/contracts/shares';
import { requireAccess } from '../../platform/auth/access.ts';
import type { SharesService } from './shares.service.ts';
import type { TransferService } from './transfer.service.ts';

const idParams = z.object({ id: ZIdParam });

/**
 * Spec section 7 "POST /applicants/transfer" and "POST /applications/transfer", and the shared
 * links of an applicant or application made on demand, listed and revoked (issue 12). Sending an
 * applicant outside the company needs `project_application.transfer`, whether by e-mail or by a
 * link; listing the open links needs `project_application.see` on the applicant.
 */
export function sharesRoutes(service: SharesService, transfers: TransferService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const transfer = { access: 'project_application.transfer' as const };

    app.post(
      '/applicants/transfer',
      {
        config: transfer,
        schema: { body: ZApplicantTransferRequest, response: { 200: ZTransferResult } },
      },
      async (request) => transfers.transferApplicants(requireAccess(request), request.body),
    );
    app.post(
      '/applications/transfer',
      {
        config: transfer,
        schema: { body: ZApplicationTransferRequest, response: { 200: ZTransferResult } },
      },
      async (request) => transfers.transferApplications(requireAccess(request), request.body),
    );
    // One handler for the two targets of a shared link: an applicant, or one of its applications.
    const createShare = {
      '/applicants/:id/shares': service.createForApplicant.bind(service),
      '/applications/:id/shares': service.createForApplication.bind(service),
    };
    for (const [path, create] of Object.entries(createShare)) {
      app.post(
        path,
        {
          config: transfer,
          schema: { params: idParams, body: ZShareCreateRequest, response: { 201: ZShareCreated } },
        },
        async (request, reply) =>
          reply
            .status(201)
            .send(await create(requireAccess(request), request.params.id, request.body)),
      );
    }
    app.get(
      '/applicants/:id/shares',
      {
        config: { access: 'project_application.see' },
        schema: { params: idParams, response: { 200: z.array(ZShare) } },
      },
      async (request) => service.list(requireAccess(request), request.params.id),
    );
    app.delete(
      '/applicants/:id/shares/:share_id',
      { config: transfer, schema: { params: z.object({ id: ZIdParam, share_id: ZIdParam }) } },
      async (request, reply) => {
        await service.revoke(requireAccess(request), request.params.id, request.params.share_id);
        return reply.status(204).send();
      },
    );
  };
}
