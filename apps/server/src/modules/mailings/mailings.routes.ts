import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '@embauche/contracts/ids';
import { ZMailModelItem, ZMailPreview } from '@embauche/contracts/mail-models';
import {
  ZMailing,
  ZMailingInput,
  ZMailingPreviewInput,
  type TMailingInput,
} from '@embauche/contracts/mailings';
import { requireAccess } from '../../platform/auth/access.ts';
import { validationFailed } from '../../platform/http/http-error.ts';
import { parseOr422, readMultipart, type MultipartFile } from '../../platform/http/parse-body.ts';
import { unsubscribePage } from './mail-unsubscribe-page.ts';
import type { UnsubscribeLinks } from './mail-unsubscribe.ts';
import type { MailingsRepository } from './mailings.repository.ts';
import type { MailingsService } from './mailings.service.ts';

/** Writing to candidates (contracts/mailings.ts): `project_application.email`. */
export function mailingsRoutes(
  service: MailingsService,
  uploads: { maxBytes: number; maxMb: number },
) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'project_application.email' } as const;
    const params = z.object({ id: ZIdParam });
    // JSON, or multipart with the input as JSON text in `payload` and the files in `attachments[]`.
    app.post(
      '/mailings',
      {
        config,
        schema: {
          consumes: ['application/json', 'multipart/form-data'],
          response: { 202: ZMailing },
        },
      },
      async (request, reply) => {
        const auth = requireAccess(request);
        const { input, files } = await readMailingPayload(request, uploads);
        return reply.status(202).send(await service.create(auth, input, files));
      },
    );
    app.get(
      '/mailings/models',
      { config, schema: { response: { 200: z.array(ZMailModelItem) } } },
      async (request) => service.modelChoices(requireAccess(request)),
    );
    app.post(
      '/mailings/preview',
      { config, schema: { body: ZMailingPreviewInput, response: { 200: ZMailPreview } } },
      async (request) => service.preview(requireAccess(request), request.body),
    );
    app.get(
      '/mailings/:id',
      { config, schema: { params, response: { 200: ZMailing } } },
      async (request) => service.get(requireAccess(request), request.params.id),
    );
    app.delete(
      '/mailings/:id',
      { config, schema: { params, response: { 200: ZMailing } } },
      async (request) => service.cancel(requireAccess(request), request.params.id),
    );
  };
}

/** A mailing's input and files: JSON, or multipart (`payload` JSON text, `attachments[]` files). */
async function readMailingPayload(
  request: FastifyRequest,
  uploads: { maxBytes: number; maxMb: number },
): Promise<{ input: TMailingInput; files: MultipartFile[] }> {
  if (!request.isMultipart()) return { input: parseOr422(ZMailingInput, request.body), files: [] };
  const { fields, files } = await readMultipart(request, uploads.maxBytes, uploads.maxMb);
  const stray = files.find((f) => !/^attachments(\[\d{0,2}\])?$/.test(f.field));
  if (stray) throw validationFailed({ [stray.field]: ['invalid'] });
  const payload = fields.payload;
  if (typeof payload !== 'string') throw validationFailed({ payload: ['field_required'] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    throw validationFailed({ payload: ['invalid'] });
  }
  return { input: parseOr422(ZMailingInput, parsed), files };
}

/**
 * The unsubscribe link of every bulk e-mail (`List-Unsubscribe`): `GET` asks, `POST` (the page's
 * button, or a mail program's one-click `List-Unsubscribe=One-Click`) stops the company's e-mails
 * to that applicant. Public; the token is signed (mail-unsubscribe.ts). An unknown token: 404.
 */
export function unsubscribeRoutes(links: UnsubscribeLinks, repo: MailingsRepository) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4 * 1024 },
      (_request, body, done) => done(null, String(body)),
    );
    const open = { config: { access: 'public' as const }, schema: { hide: true } };
    type Params = { token: string };
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply
        .status(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .header('referrer-policy', 'no-referrer')
        .send(body);
    const answer = async (token: string, reply: FastifyReply, unsubscribe: boolean) => {
      const link = links.read(token);
      if (!link) return html(reply, 404, 'Not found');
      const company = await repo.company(link.companyId).catch(() => undefined);
      if (!company) return html(reply, 404, 'Not found');
      if (unsubscribe && !(await repo.unsubscribe(link.companyId, link.applicantId)))
        return html(reply, 404, 'Not found');
      return html(
        reply,
        200,
        unsubscribePage(
          company.default_language,
          company.social_reason,
          unsubscribe ? 'done' : 'ask',
          `/unsubscribe/${token}`,
        ),
      );
    };
    app.get<{ Params: Params }>('/unsubscribe/:token', open, (request, reply) =>
      answer(request.params.token, reply, false),
    );
    app.post<{ Params: Params }>('/unsubscribe/:token', open, (request, reply) =>
      answer(request.params.token, reply, true),
    );
  };
}
