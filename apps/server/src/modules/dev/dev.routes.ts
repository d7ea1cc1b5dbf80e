import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOutboxMail } from '@embauche/contracts/mail';
import { requireAccess } from '../../platform/auth/access.ts';
import type { DB } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/http/http-error.ts';
import { latestMails } from '../../platform/mail/mailer.ts';

/**
 * Development helpers, answered 404 in production: `GET /dev/mail-outbox`, the company's latest
 * e-mails (what would have been sent without SMTP_URL), for a development page.
 */
export function devRoutes(db: Kysely<DB>, env: string) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/dev/mail-outbox',
      {
        config: { access: 'config.access' },
        schema: {
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
          response: { 200: z.array(ZOutboxMail) },
        },
      },
      async (request) => {
        const auth = requireAccess(request);
        if (env === 'production') throw notFound('Route');
        return latestMails(db, auth.companyId, request.query.limit);
      },
    );
  };
}
