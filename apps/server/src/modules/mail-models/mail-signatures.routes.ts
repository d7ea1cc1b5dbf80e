import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZMailSignature,
  ZMailSignatureInput,
  ZMailSignaturePreview,
  ZMailSignaturePreviewInput,
} from '@embauche/contracts/mail-signatures';
import { requireAccess } from '../../platform/auth/access.ts';
import type { MailSignaturesService } from './mail-signatures.service.ts';

/**
 * E-mail signatures (issue 38 part 2; contracts/mail-signatures.ts): the company's on config page
 * `emails/signature` (`config.emails`), and each signed-in user's own (`*`, their own only), both
 * in the session's company; the preview for either.
 */
export function mailSignaturesRoutes(service: MailSignaturesService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const company = { access: 'config.emails' } as const;
    const mine = { access: '*' } as const;
    app.get(
      '/config/mail-signature',
      { config: company, schema: { response: { 200: ZMailSignature } } },
      async (request) => service.company(requireAccess(request)),
    );
    app.put(
      '/config/mail-signature',
      { config: company, schema: { body: ZMailSignatureInput, response: { 200: ZMailSignature } } },
      async (request) => service.saveCompany(requireAccess(request), request.body),
    );
    app.get(
      '/me/mail-signature',
      { config: mine, schema: { response: { 200: ZMailSignature } } },
      async (request) => service.mine(requireAccess(request)),
    );
    app.put(
      '/me/mail-signature',
      { config: mine, schema: { body: ZMailSignatureInput, response: { 200: ZMailSignature } } },
      async (request) => service.saveMine(requireAccess(request), request.body),
    );
    app.post(
      '/mail-signature/preview',
      {
        config: mine,
        schema: { body: ZMailSignaturePreviewInput, response: { 200: ZMailSignaturePreview } },
      },
      async (request) => service.preview(requireAccess(request), request.body),
    );
  };
}
