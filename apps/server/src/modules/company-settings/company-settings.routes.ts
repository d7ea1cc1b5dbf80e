import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOGO_MAX_BYTES,
  LOGO_MAX_MB,
  ZCompanyDescription,
  ZCompanyIdentity,
  ZCompanyIdentityForm,
  ZOfferExportJob,
  ZOfferExportList,
  ZOfferExportRequest,
  ZOfferParameters,
  ZOfferParametersView,
  ZSubscription,
  ZSubscriptionForm,
} from '@embauche/contracts/company-settings';
import { ZIdParam } from '@embauche/contracts/ids';
import { requireAccess } from '../../platform/auth/access.ts';
import { contentDisposition } from '../../platform/http/content-disposition.ts';
import { CONTENT_TYPES, type ExportFileFormat } from '../../platform/export/spreadsheet.ts';
import { readMultipart } from '../../platform/http/parse-body.ts';
import type { CompanySettingsService } from './company-settings.service.ts';
import type { OfferExportJobsService } from './offer-export-jobs.service.ts';

/**
 * The config pages `account-infos/*` and `joboffers/{company-description,offer-parameters,export}`
 * (spec 2, each with its permission); contracts/company-settings.ts documents every call.
 */
export function companySettingsRoutes(
  service: CompanySettingsService,
  exportsService: OfferExportJobsService,
) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const account = { access: 'config.account' } as const;
    const description = { access: 'config.company_description' } as const;
    const parameters = { access: 'config.offer_parameters' } as const;
    const exporting = { access: 'config.export_job_offers' } as const;
    const params = z.object({ id: ZIdParam });
    const identityPath = '/config/account-infos/admin-infos';

    app.get(
      identityPath,
      { config: account, schema: { response: { 200: ZCompanyIdentity } } },
      async (request) => service.identity(requireAccess(request)),
    );
    app.put(
      identityPath,
      {
        config: account,
        schema: { body: ZCompanyIdentityForm, response: { 200: ZCompanyIdentity } },
      },
      async (request) => service.updateIdentity(requireAccess(request), request.body),
    );
    app.post(
      `${identityPath}/logo`,
      {
        config: account,
        schema: {
          consumes: ['multipart/form-data'],
          response: { 200: ZCompanyIdentity },
        },
      },
      async (request) => {
        const auth = requireAccess(request);
        const { files } = request.isMultipart()
          ? await readMultipart(request, LOGO_MAX_BYTES, LOGO_MAX_MB)
          : { files: [] };
        return service.setLogo(auth, files.find((f) => f.field === 'logo')?.data);
      },
    );
    app.delete(`${identityPath}/logo`, { config: account }, async (request, reply) => {
      await service.removeLogo(requireAccess(request));
      return reply.status(204).send();
    });
    // Shown in the product to everybody of the company (not only to who may change it).
    app.get('/company/logo', { config: { access: '*' } }, async (request, reply) => {
      const { data, mime } = await service.logo(requireAccess(request));
      return reply
        .header('content-type', mime)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    });

    app.get(
      '/config/account-infos/subscription',
      { config: account, schema: { response: { 200: ZSubscription } } },
      async (request) => service.subscription(requireAccess(request)),
    );
    app.put(
      '/config/account-infos/subscription',
      { config: account, schema: { body: ZSubscriptionForm, response: { 200: ZSubscription } } },
      async (request) => service.updateSubscription(requireAccess(request), request.body),
    );

    app.get(
      '/config/joboffers/company-description',
      { config: description, schema: { response: { 200: ZCompanyDescription } } },
      async (request) => service.description(requireAccess(request)),
    );
    app.put(
      '/config/joboffers/company-description',
      {
        config: description,
        schema: { body: ZCompanyDescription, response: { 200: ZCompanyDescription } },
      },
      async (request) => service.setDescription(requireAccess(request), request.body),
    );

    app.get(
      '/config/joboffers/offer-parameters',
      { config: parameters, schema: { response: { 200: ZOfferParametersView } } },
      async (request) => service.offerParameters(requireAccess(request)),
    );
    app.put(
      '/config/joboffers/offer-parameters',
      {
        config: parameters,
        schema: { body: ZOfferParameters, response: { 200: ZOfferParametersView } },
      },
      async (request) => service.setOfferParameters(requireAccess(request), request.body),
    );

    app.get(
      '/config/joboffers/export',
      { config: exporting, schema: { response: { 200: ZOfferExportList } } },
      async (request) => exportsService.latest(requireAccess(request)),
    );
    app.post(
      '/config/joboffers/export',
      {
        config: exporting,
        schema: { body: ZOfferExportRequest, response: { 202: ZOfferExportJob } },
      },
      async (request, reply) =>
        reply.status(202).send(await exportsService.start(requireAccess(request), request.body)),
    );
    app.get(
      '/config/joboffers/export/:id',
      { config: exporting, schema: { params, response: { 200: ZOfferExportJob } } },
      async (request) => exportsService.get(requireAccess(request), request.params.id),
    );
    app.get(
      '/config/joboffers/export/:id/download',
      { config: exporting, schema: { params } },
      async (request, reply) => {
        const file = await exportsService.download(requireAccess(request), request.params.id);
        return reply
          .header('content-type', CONTENT_TYPES[file.format as ExportFileFormat])
          .header('content-disposition', contentDisposition('attachment', file.filename))
          .header('cache-control', 'no-store')
          .header('content-length', file.size)
          .send(file.data);
      },
    );
  };
}
