import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '@embauche/contracts/ids';
import { ZMailPreview } from '@embauche/contracts/mail-models';
import { ZMailing, ZMailingInput, ZMailingPreviewInput } from '@embauche/contracts/mailings';
import { requireAccess } from '../../platform/auth/access.ts';
import { unsubscribePage } from './mail-unsubscribe-page.ts';
import type { UnsubscribeLinks } from './mail-unsubscribe.ts';
import type { MailingsRepository } from './mailings.repository.ts';
import type { MailingsService } from './mailings.service.ts';

/** Writing to candidates (contracts/mailings.ts): `project_application.email`. */
export function mailingsRoutes(service: MailingsService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'project_application.email' } as const;
    const params = z.object({ id: ZIdParam });
    app.post(
      '/mailings',
      { config, schema: { body: ZMailingInput, response: { 202: ZMailing } } },
      async (request, reply) =>
        reply.status(202).send(await service.create(requireAccess(request), request.body)),
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
